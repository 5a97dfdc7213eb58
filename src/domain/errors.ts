/**
 * The one error type of Buchbar and the typed catalogues its codes are declared in
 * (decision 198). `code` is stable and machine-readable (the web keys off it);
 * every refusal carries its German text (verbatim from
 * docs/product.md#message-catalogue where it names one) and its English text, so
 * the HTTP layer only picks the reader's language. Pure: no I/O, no server code.
 */

/** One sentence in both languages of the product. */
export interface Texts {
  readonly de: string;
  readonly en: string;
}

export class AppError extends Error {
  /** The English text; `message` is the German one. */
  readonly en: string;

  constructor(
    readonly code: string,
    texts: Texts,
    readonly status: number = 400,
  ) {
    super(texts.de);
    this.en = texts.en;
    this.name = 'AppError';
  }

  /** The text for a reader of `locale` (`en-us` reads English, everyone else German). */
  text(locale: string): string {
    return locale === 'en-us' ? this.en : this.message;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/**
 * One code of a catalogue: its HTTP status and its text in both languages, fixed
 * (`de`, `en`) or built from typed params (`texts`). `code` names the answer's code
 * when it differs from the entry's name (several refusals share `not_found`, `forbidden`
 * or `validation` on the wire and differ in their sentences).
 */
export type ErrorEntry =
  | { readonly status: number; readonly code?: string; readonly de: string; readonly en: string }
  // biome-ignore lint/suspicious/noExplicitAny: the params of each entry are its own; `fail` reads them back typed.
  | { readonly status: number; readonly code?: string; readonly texts: (params: any) => Texts };

type ParamsOf<E> = E extends { texts: (params: infer P) => Texts } ? [params: P] : [];

export interface ErrorCatalogue<C extends Record<string, ErrorEntry>> {
  /** The entries as declared, for tests and documentation. */
  readonly entries: C;
  /** The error of `name`, ready to throw; params are required exactly when its text has placeholders. */
  fail<K extends keyof C & string>(name: K, ...params: ParamsOf<C[K]>): AppError;
}

/**
 * Declares the error codes of one area (or one rule of the domain) in one place.
 * A code without English, a missing param or a param of the wrong type is a type error.
 */
export function defineErrors<const C extends Record<string, ErrorEntry>>(entries: C): ErrorCatalogue<C> {
  return {
    entries,
    fail(name, ...params) {
      const entry: ErrorEntry = entries[name]!;
      const texts = 'texts' in entry ? entry.texts(params[0]) : entry;
      return new AppError(entry.code ?? name, texts, entry.status);
    },
  };
}

/**
 * `404 not_found` for a thing named in both languages, `{ de: 'Fahrzeug', en: 'Vehicle' }`:
 * "Fahrzeug nicht gefunden." / "Vehicle not found.". Without a thing: "Nicht gefunden." / "Not found.".
 */
export function notFound(what?: Texts): AppError {
  if (!what) return new AppError('not_found', { de: 'Nicht gefunden.', en: 'Not found.' }, 404);
  return new AppError('not_found', { de: `${what.de} nicht gefunden.`, en: `${what.en} not found.` }, 404);
}

/**
 * The `notFound` of an area whose things are named by their German noun, each with its English one:
 * `notFoundIn({ Fahrzeug: 'Vehicle' })('Fahrzeug')`. A noun without English is a type error.
 */
export function notFoundIn<const T extends Record<string, string>>(things: T) {
  return (what: keyof T & string): AppError => notFound({ de: what, en: things[what]! });
}
