/**
 * A contract's own refusal in both languages (decision 198). zod keeps the German
 * sentence as the message (so German readers get it verbatim); the error
 * map of the server finds its English here for en-us readers. Only fixed sentences,
 * known when the contract is built: a sentence made from the refused value is not kept.
 */
const ENGLISH = new Map<string, string>();

export function said(de: string, en: string): string {
  ENGLISH.set(de, en);
  return de;
}

/** The English of a contract's German sentence, when the contract declared one. */
export const englishOf = (de: string): string | undefined => ENGLISH.get(de);
