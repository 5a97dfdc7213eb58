import { getHolidays } from 'feiertagejs';

/**
 * German public holidays (gesetzliche Feiertage) of a Bundesland, movable feasts included, as calendar days in
 * Europe/Berlin (docs/product.md#opening-periods-and-public-holidays, decision 235). The dates come from
 * feiertagejs; Buchbar keeps the list of states and the names in both languages.
 */

/** The Bundesländer by their two-letter codes; `kein` (the default) means the tenant observes no holidays. */
export const BUNDESLAENDER = {
  BW: { de: 'Baden-Württemberg', en: 'Baden-Württemberg' },
  BY: { de: 'Bayern', en: 'Bavaria' },
  BE: { de: 'Berlin', en: 'Berlin' },
  BB: { de: 'Brandenburg', en: 'Brandenburg' },
  HB: { de: 'Bremen', en: 'Bremen' },
  HH: { de: 'Hamburg', en: 'Hamburg' },
  HE: { de: 'Hessen', en: 'Hesse' },
  MV: { de: 'Mecklenburg-Vorpommern', en: 'Mecklenburg-Western Pomerania' },
  NI: { de: 'Niedersachsen', en: 'Lower Saxony' },
  NW: { de: 'Nordrhein-Westfalen', en: 'North Rhine-Westphalia' },
  RP: { de: 'Rheinland-Pfalz', en: 'Rhineland-Palatinate' },
  SL: { de: 'Saarland', en: 'Saarland' },
  SN: { de: 'Sachsen', en: 'Saxony' },
  ST: { de: 'Sachsen-Anhalt', en: 'Saxony-Anhalt' },
  SH: { de: 'Schleswig-Holstein', en: 'Schleswig-Holstein' },
  TH: { de: 'Thüringen', en: 'Thuringia' },
} as const;
export type Bundesland = keyof typeof BUNDESLAENDER;
export const NO_BUNDESLAND = 'kein';
export const BUNDESLAND_CHOICES = [NO_BUNDESLAND, ...(Object.keys(BUNDESLAENDER) as Bundesland[])] as const;

export const isBundesland = (value: unknown): value is Bundesland => typeof value === 'string' && Object.hasOwn(BUNDESLAENDER, value);

/** A public holiday: its day and its name in both languages. */
export interface PublicHoliday {
  date: string;
  de: string;
  en: string;
}

/** The public holidays of a state from `from` to `to` (inclusive, `YYYY-MM-DD`), in date order; none without a state. */
export function publicHolidays(state: string | null | undefined, from: string, to: string): PublicHoliday[] {
  if (!isBundesland(state) || to < from) return [];
  const out: PublicHoliday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of getHolidays(year, state)) {
      if (h.dateString < from || h.dateString > to) continue;
      out.push({ date: h.dateString, de: h.translate('de') ?? h.name, en: h.translate('en') ?? h.translate('de') ?? h.name });
    }
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
