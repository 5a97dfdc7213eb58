import type PDFDocument from 'pdfkit';

/**
 * Writes single-line table cells straight into the page's content stream.
 * pdfkit's `text()` lays out, saves and restores the graphics state for every
 * cell; a vehicle-year is 3,000 cells, and that took over a second. A logbook
 * repeats most of its texts (dates, times, drivers, destinations), so each
 * text's glyph run is built once per font and size and reused; the glyphs are
 * still registered in pdfkit's font subset, which embeds them as before.
 */
export class PdfCells {
  private readonly runs = new Map<string, { tj: string; width: number } | null>();

  constructor(private readonly doc: PDFDocument) {}

  /** Width (pt) of `text` in the current font and size, from the cache when seen before. */
  width(text: string): number {
    const run = this.run(text);
    return run ? run.width : this.doc.widthOfString(text);
  }

  /**
   * Writes one row of cells at top `y`, each at its x, in the current font, size and
   * fill colour. A text whose glyphs are positioned off the baseline (none in Roboto's
   * Latin) falls back to pdfkit's own writer.
   */
  row(cells: readonly { text: string; x: number }[], y: number): void {
    const doc = this.doc;
    const font = doc._font;
    const size = doc._fontSize;
    if (doc.page.fonts[font.id] == null) doc.page.fonts[font.id] = font.ref();
    // same baseline as pdfkit's default ('top': the ascender below y), in unflipped page coordinates
    const base = (doc.page.height - y - (font.ascender / 1000) * size).toFixed(2);
    const parts: string[] = [`q 1 0 0 -1 0 ${doc.page.height} cm BT /${font.id} ${size} Tf`];
    const fallback: { text: string; x: number }[] = [];
    for (const c of cells) {
      if (c.text === '') continue;
      const run = this.run(c.text);
      if (!run) {
        fallback.push(c);
        continue;
      }
      parts.push(`1 0 0 1 ${c.x.toFixed(2)} ${base} Tm [${run.tj}] TJ`);
    }
    parts.push('ET Q');
    doc.addContent(parts.join('\n'));
    for (const c of fallback) doc.text(c.text, c.x, y, { lineBreak: false });
  }

  private run(text: string): { tj: string; width: number } | null {
    const font = this.doc._font;
    const size = this.doc._fontSize;
    const key = `${font.id}\u0000${size}\u0000${text}`;
    const cached = this.runs.get(key);
    if (cached !== undefined) return cached;
    const [encoded, positions] = font.encode(text);
    let run: { tj: string; width: number } | null = null;
    if (!positions.some((p) => p.xOffset || p.yOffset)) {
      // kerning: a glyph whose advance differs from its width carries the difference, as pdfkit writes it
      const segments: string[] = [];
      let last = 0;
      let advance = 0;
      for (let i = 0; i < positions.length; i++) {
        const p = positions[i]!;
        advance += p.xAdvance;
        if (p.xAdvance !== p.advanceWidth) {
          segments.push(`<${encoded.slice(last, i + 1).join('')}> ${-(p.xAdvance - p.advanceWidth)}`);
          last = i + 1;
        }
      }
      if (last < encoded.length) segments.push(`<${encoded.slice(last).join('')}> 0`);
      run = { tj: segments.join(' '), width: (advance / 1000) * size };
    }
    this.runs.set(key, run);
    return run;
  }
}
