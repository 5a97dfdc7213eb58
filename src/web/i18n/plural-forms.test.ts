import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SETTING_CATALOGUE } from '@domain/settings';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Every count in a text goes through i18next's plural forms, so that no screen
 * reads "1 Buchungen" or "1 places". i18next picks the form by the `count`
 * option only: a number interpolated under another name cannot choose a form.
 */
const LANGUAGES = ['de', 'en'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** Names that carry a number of things; interpolate such a number as {{count}}. (`number` is not one: it names an identifier, a locker's or a licence's number.) */
const COUNT_LIKE = ['n', 'num', 'total', 'amount', 'anzahl', 'capacity', 'max', 'min', 'minutes', 'hours', 'places', 'seats', 'bookings'];

type Flat = Map<string, string>;

function flatten(obj: unknown, prefix: string, out: Flat): Flat {
  if (typeof obj === 'string') out.set(prefix, obj);
  else if (obj && typeof obj === 'object') for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

async function catalogue(lang: string): Promise<Flat> {
  const dir = path.resolve(import.meta.dirname, lang);
  const out: Flat = new Map();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [ns, value] of Object.entries(mod)) flatten(value, ns, out);
  }
  return out;
}

/** The problems of one catalogue's counts, as readable lines. */
function pluralProblems(texts: Flat): string[] {
  const problems: string[] = [];
  for (const [key, text] of texts) {
    const vars = [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!);
    for (const v of vars.filter((v) => COUNT_LIKE.includes(v)))
      problems.push(`${key}: interpolates the number {{${v}}}; name it {{count}} and give _one and _other forms`);
    if (!vars.includes('count')) continue;
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key) problems.push(`${key}: interpolates {{count}} but is not a plural form (${key}_one / ${key}_other)`);
    else for (const form of ['one', 'other']) if (!texts.has(`${base}_${form}`)) problems.push(`${base}: the form _${form} is missing`);
  }
  return problems;
}

describe('counts in the catalogues', () => {
  const texts: Record<string, Flat> = {};
  beforeAll(async () => {
    for (const lang of LANGUAGES) texts[lang] = await catalogue(lang);
  });

  it('reads every catalogue of both languages', () => {
    for (const lang of LANGUAGES) expect(texts[lang]!.size).toBeGreaterThan(300);
  });

  it.each(LANGUAGES)('puts every count in %s through the plural forms _one and _other', (lang) => {
    expect(pluralProblems(texts[lang]!)).toEqual([]);
  });

  // The German descriptions of the settings are the catalogue's own texts (domain/settings.ts); only English needs them here.
  const ENGLISH_ONLY = 'admin.settings.descriptions.';

  it('has the same keys in German and English', () => {
    const en = [...texts.en!.keys()].filter((k) => !k.startsWith(ENGLISH_ONLY));
    expect(en.sort()).toEqual([...texts.de!.keys()].sort());
  });

  it('describes every setting of the catalogue in English', () => {
    const missing = SETTING_CATALOGUE.map((o) => o.name).filter((name) => !texts.en!.has(`${ENGLISH_ONLY}${name}`));
    expect(missing).toEqual([]);
  });

  it('finds a count that is not a plural form, a missing form and a number under another name', () => {
    const broken: Flat = new Map([
      ['a.week', 'Sie haben bereits {{count}} Buchungen'],
      ['a.places_one', '{{count}} Platz'],
      ['a.hint', 'höchstens {{capacity}} Personen'],
    ]);
    expect(pluralProblems(broken)).toEqual([
      'a.week: interpolates {{count}} but is not a plural form (a.week_one / a.week_other)',
      'a.places: the form _other is missing',
      'a.hint: interpolates the number {{capacity}}; name it {{count}} and give _one and _other forms',
    ]);
  });
});
