import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contrast,
  corsOrigin,
  frameAncestors,
  normaliseColour,
  normaliseOrigin,
  normaliseOrigins,
  type OccupancyPart,
  occupancyAt,
  occupancyOf,
  pageColours,
  takenAt,
} from './occupancy';
import { completeRegularHours, dayOpening, instantOf } from './opening-hours';

const DAY = '2026-03-10'; // a Tuesday
const at = (time: string) => instantOf(DAY, time);
const regular = (von: string, bis: string) => completeRegularHours([], () => true).map((r) => ({ ...r, von, bis }));

function part(von: string, bis: string, objects: OccupancyPart['objects'], slots: OccupancyPart['slots']): OccupancyPart {
  return { opening: dayOpening(DAY, regular(von, bis), []), objects, slots };
}

const seats = (n: number, capacity = 1) => Array.from({ length: n }, (_, i) => ({ id: `o${i}`, capacity, active: true }));

describe('occupancy of a floor plan', () => {
  it('counts the places booked now and hour by hour', () => {
    const p = part('08:00', '12:00', seats(4), [
      { objectId: 'o0', von: at('08:00'), bis: at('10:00'), placeFrom: 1, placeTo: 2 },
      { objectId: 'o1', von: at('09:30'), bis: at('12:00'), placeFrom: 1, placeTo: 2 },
    ]);
    const o = occupancyOf([p], DAY, at('09:45'));
    expect(o).toEqual({
      day: DAY,
      open: true,
      opensAt: '08:00',
      closesAt: '12:00',
      places: 4,
      now: { open: true, free: 2, taken: 2 },
      hours: [
        { from: '08:00', to: '09:00', free: 3, taken: 1, past: true },
        { from: '09:00', to: '10:00', free: 2, taken: 2, past: false },
        { from: '10:00', to: '11:00', free: 3, taken: 1, past: false },
        { from: '11:00', to: '12:00', free: 3, taken: 1, past: false },
      ],
    });
  });

  it('cuts the first and last hour at the opening hours', () => {
    const o = occupancyOf([part('08:30', '10:15', seats(2), [])], DAY, at('07:00'));
    expect(o.hours.map((h) => `${h.from}-${h.to}`)).toEqual(['08:30-09:00', '09:00-10:00', '10:00-10:15']);
    expect(o.now).toEqual({ open: false, free: 0, taken: 0 });
  });

  it('shows a closed day with no hours, whatever is booked', () => {
    const closed: OccupancyPart = {
      opening: dayOpening(DAY, regular('08:00', '18:00'), [
        { validFrom: DAY, validTo: DAY, von: '08:00', bis: '18:00', status: 'geschlossen' },
      ]),
      objects: seats(3),
      slots: [],
    };
    expect(occupancyOf([closed], DAY, at('10:00'))).toEqual({
      day: DAY,
      open: false,
      opensAt: null,
      closesAt: null,
      places: 3,
      now: { open: false, free: 0, taken: 0 },
      hours: [],
    });
  });

  it('takes the hours of a deviating opening that keeps the day open', () => {
    const p: OccupancyPart = {
      opening: dayOpening(DAY, regular('08:00', '18:00'), [{ validFrom: DAY, validTo: DAY, von: '10:00', bis: '12:00', status: 'offen' }]),
      objects: seats(1),
      slots: [],
    };
    expect(occupancyOf([p], DAY, at('11:00')).hours.map((h) => h.from)).toEqual(['10:00', '11:00']);
  });

  it('counts the places of a group room and leaves inactive objects out', () => {
    const p = part(
      '08:00',
      '10:00',
      [
        { id: 'room', capacity: 6, active: true },
        { id: 'off', capacity: 1, active: false },
      ],
      [
        { objectId: 'room', von: at('08:00'), bis: at('09:00'), placeFrom: 1, placeTo: 6 },
        { objectId: 'off', von: at('08:00'), bis: at('09:00'), placeFrom: 1, placeTo: 2 },
      ],
    );
    const o = occupancyOf([p], DAY, at('08:30'));
    expect(o.places).toBe(6);
    expect(o.now).toEqual({ open: true, free: 1, taken: 5 });
  });

  it('sums the plans of a location; a plan closed in an hour offers nothing then', () => {
    const early = part('08:00', '10:00', seats(2), []);
    const late = part('09:00', '11:00', seats(3), []);
    const o = occupancyOf([early, late], DAY, at('09:30'));
    expect(o.opensAt).toBe('08:00');
    expect(o.closesAt).toBe('11:00');
    expect(o.places).toBe(5);
    expect(o.now).toEqual({ open: true, free: 5, taken: 0 });
    expect(o.hours.map((h) => [h.from, h.free])).toEqual([
      ['08:00', 2],
      ['09:00', 5],
      ['10:00', 3],
    ]);
  });
});

/** Random plans: a few objects of capacity 1–4, bookings on whole quarter hours of the opening. */
const arbPart = fc
  .record({
    open: fc.integer({ min: 6 * 4, max: 12 * 4 }),
    length: fc.integer({ min: 1, max: 10 * 4 }),
    capacities: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 5 }),
    active: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    slots: fc.array(
      fc.record({
        object: fc.nat(),
        start: fc.nat(),
        length: fc.integer({ min: 1, max: 16 }),
        from: fc.integer({ min: 1, max: 4 }),
        size: fc.integer({ min: 1, max: 4 }),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ open, length, capacities, active, slots }): OccupancyPart => {
    const q = (n: number) => `${String(Math.floor(n / 4)).padStart(2, '0')}:${String((n % 4) * 15).padStart(2, '0')}`;
    const close = Math.min(open + length, 23 * 4);
    const objects = capacities.map((capacity, i) => ({ id: `o${i}`, capacity, active: active[i] ?? true }));
    return {
      opening: dayOpening(DAY, regular(q(open), q(close)), []),
      objects,
      slots: slots.map((s) => {
        const start = open + (s.start % Math.max(1, close - open));
        const end = Math.min(close, start + s.length);
        const cap = objects[s.object % objects.length]!.capacity;
        const from = Math.min(s.from, cap);
        return {
          objectId: objects[s.object % objects.length]!.id,
          von: at(q(start)),
          bis: at(q(Math.max(end, start + 1))),
          placeFrom: from,
          placeTo: Math.min(cap + 1, from + s.size),
        };
      }),
    };
  });

const minuteOfDay = fc.integer({ min: 0, max: 24 * 60 - 1 });

describe('occupancy properties', () => {
  it('free and taken never exceed the places, and free plus taken are the places while open', () => {
    fc.assert(
      fc.property(fc.array(arbPart, { minLength: 1, maxLength: 3 }), minuteOfDay, (parts, minute) => {
        const now = new Date(at('00:00').getTime() + minute * 60_000);
        const o = occupancyOf(parts, DAY, now);
        expect(o.now.free + o.now.taken).toBeLessThanOrEqual(o.places);
        for (const h of o.hours) {
          expect(h.free).toBeGreaterThanOrEqual(0);
          expect(h.taken).toBeLessThanOrEqual(o.places);
        }
        if (parts.length === 1 && o.now.open) expect(o.now.free + o.now.taken).toBe(o.places);
      }),
    );
  });

  // Bookings and openings lie on quarter hours here, so the numbers are constant within each quarter.
  it('each hour holds the worst moment of that hour (checked quarter by quarter)', () => {
    fc.assert(
      fc.property(fc.array(arbPart, { minLength: 1, maxLength: 3 }), (parts) => {
        const o = occupancyOf(parts, DAY, at('00:00'));
        for (const h of o.hours) {
          const start = at(h.from).getTime();
          const end = at(h.to).getTime();
          let free = Number.POSITIVE_INFINITY;
          let taken = 0;
          for (let t = start; t < end; t += 15 * 60_000) {
            const n = occupancyAt(parts, new Date(t));
            free = Math.min(free, n.free);
            taken = Math.max(taken, n.taken);
          }
          expect({ h: h.from, free: h.free, taken: h.taken }).toEqual({ h: h.from, free, taken });
        }
      }),
    );
  });

  it('a plan now counts each booked place once, however the bookings overlap', () => {
    fc.assert(
      fc.property(arbPart, minuteOfDay, (p, minute) => {
        const t = at('00:00').getTime() + minute * 60_000;
        const places = new Set<string>();
        for (const s of p.slots) {
          const o = p.objects.find((x) => x.id === s.objectId)!;
          if (!o.active || s.von.getTime() > t || t >= s.bis.getTime()) continue;
          for (let k = s.placeFrom; k < s.placeTo; k++) places.add(`${o.id}:${k}`);
        }
        expect(takenAt(p, t)).toBe(places.size);
      }),
    );
  });

  it('the hours cover the opening without gap or overlap and past hours come first', () => {
    fc.assert(
      fc.property(fc.array(arbPart, { minLength: 1, maxLength: 3 }), minuteOfDay, (parts, minute) => {
        const o = occupancyOf(parts, DAY, new Date(at('00:00').getTime() + minute * 60_000));
        if (!o.open) return expect(o.hours).toEqual([]);
        expect(o.hours[0]!.from).toBe(o.opensAt);
        expect(o.hours.at(-1)!.to).toBe(o.closesAt);
        for (let i = 1; i < o.hours.length; i++) expect(o.hours[i]!.from).toBe(o.hours[i - 1]!.to);
        const firstFuture = o.hours.findIndex((h) => !h.past);
        if (firstFuture >= 0) expect(o.hours.slice(firstFuture).every((h) => !h.past)).toBe(true);
      }),
    );
  });
});

describe('origins, frame ancestors and CORS', () => {
  it('keeps an origin as browsers send it', () => {
    expect(normaliseOrigin(' https://www.Beispiel.de/ ')).toBe('https://www.beispiel.de');
    expect(normaliseOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(normaliseOrigin('https://example.com:443')).toBe('https://example.com');
  });

  it('refuses what is not an origin, in both languages', () => {
    for (const bad of ['www.beispiel.de', 'https://beispiel.de/seite', 'https://*.beispiel.de', 'ftp://x.de', 'https://a:b@x.de', 'null']) {
      expect(() => normaliseOrigin(bad), bad).toThrow(
        `„${bad}“ ist keine Herkunft einer Website. Bitte in der Form https://www.beispiel.de angeben, ohne Pfad.`,
      );
    }
    try {
      normaliseOrigin('https://beispiel.de/seite');
    } catch (e) {
      expect((e as { en: string }).en).toBe(
        '"https://beispiel.de/seite" is not the origin of a website. Please give it as https://www.example.com, without a path.',
      );
    }
  });

  it('drops empty lines and duplicates and refuses more than 20', () => {
    expect(normaliseOrigins(['https://a.de', '', 'https://A.de/', 'https://b.de'])).toEqual(['https://a.de', 'https://b.de']);
    expect(() => normaliseOrigins(Array.from({ length: 21 }, (_, i) => `https://s${i}.de`))).toThrow(
      'Bitte höchstens 20 Websites angeben.',
    );
  });

  it('lets exactly the listed origins frame the page and read the JSON', () => {
    expect(frameAncestors([])).toBe("frame-ancestors 'none'");
    expect(frameAncestors(['https://a.de', 'https://b.de'])).toBe('frame-ancestors https://a.de https://b.de');
    expect(corsOrigin('https://a.de', ['https://a.de'])).toBe('https://a.de');
    expect(corsOrigin('https://evil.de', ['https://a.de'])).toBeNull();
    expect(corsOrigin(undefined, ['https://a.de'])).toBeNull();
    const origin = fc
      .tuple(
        fc.constantFrom('http', 'https'),
        fc.stringMatching(/^[a-z]{1,8}(\.[a-z]{2,5}){1,2}$/),
        fc.option(fc.integer({ min: 1, max: 65535 })),
      )
      .map(([scheme, host, port]) => `${scheme}://${host}${port === null ? '' : `:${port}`}`);
    fc.assert(
      fc.property(origin, fc.array(origin, { maxLength: 5 }), (o, list) => {
        const allowed = corsOrigin(o, list);
        expect(allowed === null || list.includes(allowed)).toBe(true);
        expect(allowed !== null).toBe(list.includes(o));
      }),
    );
  });
});

describe('the page colours of the tenant', () => {
  it('accepts #rrggbb only', () => {
    expect(normaliseColour(' #1C7ED6 ')).toBe('#1c7ed6');
    expect(() => normaliseColour('blue')).toThrow('„blue“ ist keine Farbe in der Form #1c7ed6.');
  });

  it('header text always reads at 4.5:1 and bars stand out from white by 3:1', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, (c) => {
        const p = pageColours(c);
        expect(contrast(p.header, p.headerText)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.bar, '#ffffff')).toBeGreaterThanOrEqual(3);
      }),
    );
  });
});
