import {
  DATE_OUT_OF_RANGE,
  FIRST_PAST_YEAR,
  FIRST_YEAR,
  INVALID_DATE,
  INVALID_INSTANT,
  INVALID_TIME,
  LAST_YEAR,
  PAST_DATE_OUT_OF_RANGE,
} from '@contracts/calendar';
import { englishOf } from '@contracts/said';
import { counted } from '@domain/plural';
import { fieldLabel } from './field-labels';

/** One issue as fastify-type-provider-zod hands it over (the zod issue, its path as `instancePath`). */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Messages zod writes by itself (English); any other message of an issue is the contract's own German sentence. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected|Required|Number must|String must)\b/;
const CALENDAR_KEYS = new Set([INVALID_DATE, INVALID_TIME, INVALID_INSTANT, DATE_OUT_OF_RANGE, PAST_DATE_OUT_OF_RANGE]);

const quoteDe = (label: string) => `„${label}“`;
const quoteEn = (label: string) => `"${label}"`;
const list = (values: unknown[]) => values.map((v) => String(v)).join(', ');

const KIND_DE: Record<string, string> = {
  string: 'einen Text',
  number: 'eine Zahl',
  int: 'eine ganze Zahl',
  boolean: 'ja oder nein',
  array: 'eine Liste',
  object: 'die Angaben als Objekt',
};
const KIND_EN: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'the data as an object',
};

/** The value at an issue's path in the request part, to say which value was refused. */
function valueAt(input: unknown, path: string[]): unknown {
  let cur = input;
  for (const step of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[step];
  }
  return cur;
}

/**
 * The error map: one schema issue as a sentence a person reads, with the
 * field's label (field-labels.ts) in German or, for en-us, in English. No
 * answer names a JSON path or repeats zod's English text; a contract's own
 * German sentence (`min(1, 'Bitte …')`) is kept for German readers.
 */
export function describeIssue(issue: SchemaIssue, context: string | undefined, locale: string, input?: unknown): string {
  const en = locale === 'en-us';
  const path = issue.instancePath.split('/').filter(Boolean);
  const label = fieldLabel(path, context, en);
  const f = en ? quoteEn(label) : quoteDe(label);
  const p = issue.params ?? {};
  const own = issue.message && !ZOD_DEFAULT.test(issue.message) && !CALENDAR_KEYS.has(issue.message) ? issue.message : undefined;
  const value = valueAt(input, path);
  // A contract's own sentence, in English when the contract gave one (contracts/said.ts); else English readers get the sentence of its kind below.
  const ownText = own && (en ? englishOf(own) : own);
  if (ownText) {
    // An enum's own message names the refused value, like the services do (`Unbekannte Führerscheinklasse: Z`).
    const shown =
      issue.keyword === 'invalid_value' && (typeof value === 'string' || typeof value === 'number') ? String(value).slice(0, 40) : '';
    return shown ? `${ownText}: ${shown}` : ownText;
  }
  switch (issue.keyword) {
    case 'invalid_type': {
      if (path.length === 0)
        return en ? 'The request does not contain the expected data.' : 'Die Anfrage enthält nicht die erwarteten Angaben.';
      if (value === undefined) return en ? `Please fill in ${f}.` : `Bitte geben Sie ${f} an.`;
      const kind = String(p.expected ?? '');
      if (en) return KIND_EN[kind] ? `Please enter ${KIND_EN[kind]} for ${f}.` : `The value of ${f} has the wrong type.`;
      return KIND_DE[kind] ? `Bitte geben Sie für ${f} ${KIND_DE[kind]} an.` : `Der Wert für ${f} hat den falschen Typ.`;
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.keyword === 'too_small';
      const bound = Number(small ? p.minimum : p.maximum);
      const origin = String(p.origin ?? '');
      if (origin === 'string') {
        if (small && bound <= 1) return en ? `Please fill in ${f}.` : `Bitte füllen Sie ${f} aus.`;
        if (en) return `${f} must have ${small ? 'at least' : 'at most'} ${counted('en', bound, 'character')}.`;
        return `${f} muss ${small ? 'mindestens' : 'höchstens'} ${counted('de', bound, 'character')} haben.`;
      }
      if (origin === 'array' || origin === 'set') {
        if (en) return `Please choose ${small ? 'at least' : 'at most'} ${counted('en', bound, 'entry')} for ${f}.`;
        return `Bitte wählen Sie für ${f} ${small ? 'mindestens' : 'höchstens'} ${counted('de', bound, 'entry')}.`;
      }
      const strict = p.inclusive === false;
      if (en) return `${f} must be ${small ? (strict ? 'greater than' : 'at least') : strict ? 'less than' : 'at most'} ${bound}.`;
      return `${f} muss ${small ? (strict ? 'größer als' : 'mindestens') : strict ? 'kleiner als' : 'höchstens'} ${bound} sein.`;
    }
    case 'not_multiple_of':
      return en ? `${f} must be a multiple of ${p.divisor}.` : `${f} muss ein Vielfaches von ${p.divisor} sein.`;
    case 'invalid_format': {
      const format = String(p.format ?? '');
      if (format === 'datetime') return calendarSentence(INVALID_INSTANT, f, en);
      if (format === 'email')
        return en ? `Please enter a valid e-mail address for ${f}.` : `Bitte geben Sie für ${f} eine gültige E-Mail-Adresse an.`;
      if (format === 'uuid' || format === 'guid')
        return en ? `${f} does not name anything that exists here.` : `${f} verweist auf nichts, was es hier gibt.`;
      if (format === 'url')
        return en ? `Please enter a complete web address for ${f}.` : `Bitte geben Sie für ${f} eine vollständige Webadresse an.`;
      return en ? `${f} is not in the expected format.` : `${f} hat nicht das erwartete Format.`;
    }
    case 'invalid_value': {
      const values = (p.values as unknown[] | undefined) ?? [];
      const shown = typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 40) : undefined;
      const allowed = values.length && values.length <= 12 ? list(values) : undefined;
      if (en)
        return `${shown !== undefined ? `"${shown}" is not a valid choice for ${f}.` : `Please choose a valid value for ${f}.`}${allowed ? ` Allowed: ${allowed}.` : ''}`;
      return `${shown !== undefined ? `„${shown}“ ist für ${f} nicht vorgesehen.` : `Bitte wählen Sie für ${f} einen gültigen Wert.`}${allowed ? ` Möglich sind: ${allowed}.` : ''}`;
    }
    case 'unrecognized_keys': {
      const keys = ((p.keys as string[] | undefined) ?? []).map((k) => (en ? quoteEn : quoteDe)(fieldLabel([k], context, en)));
      return en
        ? `These entries are not expected here: ${keys.join(', ')}.`
        : `Diese Angaben sind hier nicht vorgesehen: ${keys.join(', ')}.`;
    }
    case 'custom':
      if (issue.message && CALENDAR_KEYS.has(issue.message)) return calendarSentence(issue.message, f, en);
      return en ? `Please check ${f}: the value is not valid.` : `Bitte prüfen Sie ${f}: der Wert ist nicht gültig.`;
    default:
      return en ? `Please check ${f}: the value is not valid.` : `Bitte prüfen Sie ${f}: der Wert ist nicht gültig.`;
  }
}

/** The sentences of the calendar schemas (contracts/calendar.ts), by their key. */
function calendarSentence(key: string, f: string, en: boolean): string {
  switch (key) {
    case INVALID_TIME:
      return en
        ? `Please enter a valid time for ${f} (HH:MM, 00:00–23:59).`
        : `Bitte geben Sie eine gültige Uhrzeit für ${f} an (HH:MM, 00:00–23:59).`;
    case INVALID_INSTANT:
      return en
        ? `Please enter a valid date and time for ${f} (DD.MM.YYYY HH:MM).`
        : `Bitte geben Sie ein gültiges Datum mit Uhrzeit für ${f} an (TT.MM.JJJJ HH:MM).`;
    case DATE_OUT_OF_RANGE:
    case PAST_DATE_OUT_OF_RANGE: {
      const first = key === DATE_OUT_OF_RANGE ? FIRST_YEAR : FIRST_PAST_YEAR;
      return en
        ? `${f} must lie between 01.01.${first} and 31.12.${LAST_YEAR}.`
        : `${f} muss zwischen dem 01.01.${first} und dem 31.12.${LAST_YEAR} liegen.`;
    }
    default:
      return en ? `Please enter a valid date for ${f} (DD.MM.YYYY).` : `Bitte geben Sie ein gültiges Datum für ${f} an (TT.MM.JJJJ).`;
  }
}

/** All issues of one refusal as sentences: the first three, each field once. */
export function describeIssues(issues: SchemaIssue[], context: string | undefined, locale: string, input?: unknown): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const issue of issues) {
    if (seen.has(issue.instancePath)) continue;
    seen.add(issue.instancePath);
    out.push(describeIssue(issue, context, locale, input));
    if (out.length === 3) break;
  }
  return out.join(' ');
}
