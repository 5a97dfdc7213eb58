/**
 * The product's own catalogue texts, which stay verbatim even where they are English or
 * name a technical word (docs/product.md#message-catalogue).
 */
const CATALOGUE_VERBATIM = [
  'Invalid date format',
  'Fuel level must be between 0 and 100!',
  'Please fill in all mandatory fields.',
  'User not found! Kein update der Sonderfreigabe möglich.',
  'is not valid',
];

/**
 * What makes an answer unreadable for a person: a JSON path (`a.b`, `x.1`,
 * `[0]`), zod's English words in a German answer, German words in an English
 * one. Quoted parts (a field's label, the refused value) are left out: they
 * are the person's own input or a name.
 */
export function unreadable(message: string, locale: string): string[] {
  let text = message.replace(/„[^“]*“/g, '""').replace(/"[^"]*"/g, '""');
  for (const verbatim of CATALOGUE_VERBATIM) text = text.replaceAll(verbatim, '');
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![\w@.])[a-z][A-Za-z0-9]*\.(?:\d+|[a-z][A-Za-z0-9]*)(?![\w@])|\[\d+\]/g)) found.push(`path ${m[0]}`);
  if (locale === 'en-us') {
    for (const m of text.matchAll(/[äöüßÄÖÜ]|\b(Bitte|Ungültig\w*|nicht|und|oder|ist|eine?|für|fehlt|Anfrage|Eingabe|Wert)\b/g))
      found.push(`German ${m[0]}`);
  } else {
    for (const m of text.matchAll(/\b(Invalid|Expected|Required|Too (small|big)|Unrecognized|received|expected|must be)\b/g))
      found.push(`English ${m[0]}`);
  }
  return found;
}
