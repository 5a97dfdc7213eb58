import { defineErrors } from './errors';
import { addDays, type DayOpening, instantOf, minutesOf, timeOf } from './opening-hours';

/**
 * Live occupancy for the tenant's website (docs/product.md#live-occupancy): per
 * floor plan, or summed over the plans of a location, how many places are free
 * and taken now and, hour by hour, today. The day's opening comes from the rule
 * the map uses (`dayOpening` of opening-hours.ts) and the bookings are the ones
 * the map colours (every booking not cancelled), so the page, the map and the
 * kiosk never disagree. Only counts leave this module: no booking, no person.
 */

/** One seat or room of a plan; only active ones count (an inactive one is off the map too). */
export interface OccupancyObject {
  id: string;
  capacity: number;
  active: boolean;
}

/** A booking that holds places [placeFrom, placeTo) of an object during [von, bis). */
export interface OccupancySlot {
  objectId: string;
  von: Date;
  bis: Date;
  placeFrom: number;
  placeTo: number;
}

/** One floor plan's day: its opening (dayOpening), its objects and the day's bookings not cancelled. */
export interface OccupancyPart {
  opening: DayOpening;
  objects: readonly OccupancyObject[];
  slots: readonly OccupancySlot[];
}

export interface OccupancyNow {
  /** Inside the opening hours right now. */
  open: boolean;
  /** Places free now; 0 while closed. */
  free: number;
  /** Places booked now. */
  taken: number;
}

export interface OccupancyHour {
  /** Berlin wall time HH:mm the hour starts at (the opening time for the first one). */
  from: string;
  /** HH:mm it ends at (the closing time for the last one). */
  to: string;
  /** The fewest places free at any moment of the hour. */
  free: number;
  /** The most places booked at any moment of the hour. */
  taken: number;
  /** The hour has ended. */
  past: boolean;
}

export interface Occupancy {
  day: string;
  /** Open at some time of the day. */
  open: boolean;
  /** Earliest opening and latest closing of the day (HH:mm), null when closed all day. */
  opensAt: string | null;
  closesAt: string | null;
  /** Places of the active objects. */
  places: number;
  now: OccupancyNow;
  hours: OccupancyHour[];
}

/** A part's opening as instants, or null when the day is closed. */
function openSpan(part: OccupancyPart): { von: number; bis: number } | null {
  const o = part.opening;
  if (!o.bookable || !o.von || !o.bis) return null;
  return { von: instantOf(o.date, o.von).getTime(), bis: instantOf(o.date, o.bis).getTime() };
}

const placesOf = (part: OccupancyPart) => part.objects.reduce((n, o) => n + (o.active ? o.capacity : 0), 0);

/** Places of a part's active objects booked at instant t: distinct places per object, never more than its capacity. */
export function takenAt(part: Pick<OccupancyPart, 'objects' | 'slots'>, t: number): number {
  const capacity = new Map(part.objects.filter((o) => o.active).map((o) => [o.id, o.capacity]));
  const held = new Map<string, Set<number>>();
  for (const s of part.slots) {
    const cap = capacity.get(s.objectId);
    if (cap === undefined || s.von.getTime() > t || t >= s.bis.getTime()) continue;
    const set = held.get(s.objectId) ?? new Set<number>();
    for (let p = Math.max(1, s.placeFrom); p < s.placeTo && p <= cap; p++) set.add(p);
    held.set(s.objectId, set);
  }
  let n = 0;
  for (const set of held.values()) n += set.size;
  return n;
}

/** Free and taken places of all parts at instant t; a part outside its opening hours offers nothing free. */
function stateAt(parts: readonly OccupancyPart[], spans: readonly ({ von: number; bis: number } | null)[], t: number) {
  let free = 0;
  let taken = 0;
  let open = false;
  parts.forEach((part, i) => {
    const span = spans[i];
    const inside = span !== null && span !== undefined && span.von <= t && t < span.bis;
    const booked = takenAt(part, t);
    taken += booked;
    if (inside) {
      open = true;
      free += Math.max(0, placesOf(part) - booked);
    }
  });
  return { open, free, taken };
}

/** Free and taken places of the parts at one instant (what `occupancyOf` reports as now). */
export function occupancyAt(parts: readonly OccupancyPart[], now: Date): OccupancyNow {
  return stateAt(parts, parts.map(openSpan), now.getTime());
}

/**
 * Occupancy of one or more floor plans on the Berlin day of `now`. The hours
 * run from the earliest opening to the latest closing of the parts, on full
 * wall-clock hours (the first and last may be shorter); for each the fewest
 * free and the most taken places over the whole hour, found at the moments the
 * numbers change (the hour's start, a booking's start or end, a plan opening
 * or closing), since they are constant in between.
 */
export function occupancyOf(parts: readonly OccupancyPart[], day: string, now: Date): Occupancy {
  const spans = parts.map(openSpan);
  const open = spans.filter((s): s is { von: number; bis: number } => s !== null);
  const places = parts.reduce((n, p) => n + placesOf(p), 0);
  const t = now.getTime();
  const current = stateAt(parts, spans, t);
  if (open.length === 0) {
    return { day, open: false, opensAt: null, closesAt: null, places, now: current, hours: [] };
  }
  const opening = parts.map((p) => p.opening).filter((o) => o.bookable && o.von && o.bis);
  const opensAt = opening.map((o) => o.von!).sort()[0]!;
  const closesAt = opening
    .map((o) => o.bis!)
    .sort()
    .at(-1)!;
  const changes = new Set<number>();
  for (const s of open) changes.add(s.von).add(s.bis);
  for (const p of parts) for (const s of p.slots) changes.add(s.von.getTime()).add(s.bis.getTime());
  const points = [...changes].sort((a, b) => a - b);
  const hours: OccupancyHour[] = [];
  const closeMin = minutesOf(closesAt);
  for (let m = minutesOf(opensAt); m < closeMin; m = (Math.floor(m / 60) + 1) * 60) {
    const endMin = Math.min(closeMin, (Math.floor(m / 60) + 1) * 60);
    const from = timeOf(m);
    const to = endMin >= 24 * 60 ? '24:00' : timeOf(endMin);
    const start = instantOf(day, from).getTime();
    const end = endMin >= 24 * 60 ? instantOf(addDays(day, 1), '00:00').getTime() : instantOf(day, to).getTime();
    let free = Number.POSITIVE_INFINITY;
    let taken = 0;
    for (const x of [start, ...points.filter((p) => p > start && p < end)]) {
      const s = stateAt(parts, spans, x);
      free = Math.min(free, s.free);
      taken = Math.max(taken, s.taken);
    }
    hours.push({ from, to, free, taken, past: end <= t });
  }
  return { day, open: true, opensAt, closesAt, places, now: current, hours };
}

/** The most origins a tenant may list for its website. */
export const MAX_ORIGINS = 20;

export const occupancyErrors = defineErrors({
  origin_invalid: {
    status: 400,
    texts: (p: { value: string }) => ({
      de: `„${p.value}“ ist keine Herkunft einer Website. Bitte in der Form https://www.beispiel.de angeben, ohne Pfad.`,
      en: `"${p.value}" is not the origin of a website. Please give it as https://www.example.com, without a path.`,
    }),
  },
  too_many_origins: {
    status: 400,
    de: `Bitte höchstens ${MAX_ORIGINS} Websites angeben.`,
    en: `Please list at most ${MAX_ORIGINS} websites.`,
  },
  colour_invalid: {
    status: 400,
    texts: (p: { value: string }) => ({
      de: `„${p.value}“ ist keine Farbe in der Form #1c7ed6.`,
      en: `"${p.value}" is not a colour of the form #1c7ed6.`,
    }),
  },
});

/**
 * The origin a tenant admin typed, as browsers send it in `Origin`
 * (`https://www.beispiel.de`, a port only when not the default): http or
 * https, a host, nothing else. Anything more (a path, a query, a wildcard,
 * credentials) is refused rather than cut off, so the list says exactly what
 * is allowed.
 */
export function normaliseOrigin(input: string): string {
  const value = input.trim();
  const fail = () => occupancyErrors.fail('origin_invalid', { value: value.slice(0, 100) });
  if (value.includes('*') || !/^https?:\/\/[^/?#]+\/?$/i.test(value)) throw fail();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fail();
  }
  if (url.username || url.password || !url.hostname) throw fail();
  return url.origin;
}

/** A tenant's list of origins: each normalised, duplicates dropped, at most MAX_ORIGINS. */
export function normaliseOrigins(inputs: readonly string[]): string[] {
  const out = [...new Set(inputs.filter((s) => s.trim() !== '').map(normaliseOrigin))];
  if (out.length > MAX_ORIGINS) throw occupancyErrors.fail('too_many_origins');
  return out;
}

/** The CSP directive that lets exactly the listed origins frame the page ('none' when there are none). */
export function frameAncestors(origins: readonly string[]): string {
  return `frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`;
}

/** The value of Access-Control-Allow-Origin for a request's Origin: itself when listed, otherwise none. */
export function corsOrigin(requestOrigin: string | undefined, origins: readonly string[]): string | null {
  if (!requestOrigin) return null;
  return origins.includes(requestOrigin) ? requestOrigin : null;
}

export const DEFAULT_COLOUR = '#1c7ed6';

export function normaliseColour(input: string): string {
  const value = input.trim().toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(value)) throw occupancyErrors.fail('colour_invalid', { value: input.slice(0, 30) });
  return value;
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance of a #rrggbb colour (WCAG 2). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** Contrast ratio of two #rrggbb colours, 1 … 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colours of the page from the tenant's one colour: its header in that
 * colour with black or white text, whichever reads better (at least 4.5:1
 * for every colour); the bars in that colour where it stands out from the
 * white page by 3:1, otherwise in dark grey.
 */
export function pageColours(colour: string): { header: string; headerText: string; bar: string } {
  const headerText = contrast(colour, '#ffffff') >= contrast(colour, '#000000') ? '#ffffff' : '#000000';
  return { header: colour, headerText, bar: contrast(colour, '#ffffff') >= 3 ? colour : '#495057' };
}
