/**
 * Code and docs cite the product rules as `docs/product.md#anchor` (in docs a
 * relative link to `product.md#anchor`). A heading renamed without its
 * citations would leave them pointing nowhere, so the anchors are checked.
 * Pure: it takes the page's text and the citing files, so its test can feed it
 * a broken citation.
 */

/** The anchor a heading gets where the page is shown: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of every `##`–`####` heading of the page. */
export function productAnchors(page: string): Set<string> {
  return new Set([...page.matchAll(/^#{2,4} (.+)$/gm)].map((m) => headingAnchor(m[1] ?? '')));
}

/** `file: #anchor` for each citation of the product page whose anchor the page lacks. */
export function brokenProductLinks(page: string, files: readonly { file: string; source: string }[]): string[] {
  const anchors = productAnchors(page);
  const broken: string[] = [];
  for (const { file, source } of files) {
    for (const m of source.matchAll(/product\.md#([\p{L}\p{N}-]+)/gu)) {
      const anchor = m[1] ?? '';
      if (!anchors.has(anchor)) broken.push(`${file}: #${anchor}`);
    }
  }
  return broken;
}
