/**
 * Counts in server texts (error messages, mails) in German and English: the
 * one place that picks the singular or plural form, by the same CLDR rules
 * i18next uses for the web catalogues (`_one` / `_other`), so that no text
 * reads "1 Buchungen" or "1 minutes".
 */
export type PluralLocale = 'de' | 'en';

export interface PluralForms {
  /** Used when the count is exactly one; `{count}` is replaced by the number. */
  one: string;
  other: string;
}

const RULES: Record<PluralLocale, Intl.PluralRules> = { de: new Intl.PluralRules('de'), en: new Intl.PluralRules('en') };

/** The form for `count` with `{count}` filled in. */
export function plural(locale: PluralLocale, count: number, forms: PluralForms): string {
  const form = RULES[locale].select(count) === 'one' ? forms.one : forms.other;
  return form.replaceAll('{count}', String(count));
}

/** The counted nouns of the server's texts, in both languages. */
export const NOUNS = {
  minute: { de: { one: '{count} Minute', other: '{count} Minuten' }, en: { one: '{count} minute', other: '{count} minutes' } },
  day: { de: { one: '{count} Tag', other: '{count} Tage' }, en: { one: '{count} day', other: '{count} days' } },
  booking: { de: { one: '{count} Buchung', other: '{count} Buchungen' }, en: { one: '{count} booking', other: '{count} bookings' } },
  // dative in German: "verwendet von 2 Fahrzeugen"
  vehicle: { de: { one: '{count} Fahrzeug', other: '{count} Fahrzeugen' }, en: { one: '{count} vehicle', other: '{count} vehicles' } },
  floorPlan: {
    de: { one: '{count} Grundriss', other: '{count} Grundrissen' },
    en: { one: '{count} floor plan', other: '{count} floor plans' },
  },
  character: { de: { one: '{count} Zeichen', other: '{count} Zeichen' }, en: { one: '{count} character', other: '{count} characters' } },
  entry: { de: { one: '{count} Eintrag', other: '{count} Einträge' }, en: { one: '{count} entry', other: '{count} entries' } },
} as const satisfies Record<string, Record<PluralLocale, PluralForms>>;

export type CountedNoun = keyof typeof NOUNS;

/** "1 Minute", "15 Minuten", "1 day", "3 days". */
export function counted(locale: PluralLocale, count: number, noun: CountedNoun): string {
  return plural(locale, count, NOUNS[noun][locale]);
}
