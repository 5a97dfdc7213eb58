/** The part of pdfkit's API the logbook PDF uses (the package ships no types). */
declare module 'pdfkit' {
  import type { Writable } from 'node:stream';

  interface TextOptions {
    width?: number;
    height?: number;
    lineBreak?: boolean;
    ellipsis?: boolean | string;
  }
  /** pdfkit's embedded font (internal API, used by the fast table writer). */
  interface EmbeddedFont {
    id: string;
    ascender: number;
    encode(text: string): [string[], { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[]];
    widthOfString(text: string, size: number): number;
    ref(): unknown;
  }
  class PDFDocument {
    constructor(options?: Record<string, unknown>);
    page: { width: number; height: number; fonts: Record<string, unknown> };
    _font: EmbeddedFont;
    _fontSize: number;
    addContent(data: string): this;
    registerFont(name: string, path: string): this;
    font(name: string): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    text(text: string, options?: TextOptions): this;
    heightOfString(text: string, options?: TextOptions): number;
    widthOfString(text: string): number;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    strokeColor(color: string): this;
    lineWidth(w: number): this;
    stroke(): this;
    addPage(options?: Record<string, unknown>): this;
    pipe<T extends Writable>(destination: T): T;
    on(event: 'data', fn: (chunk: Buffer) => void): this;
    on(event: 'end', fn: () => void): this;
    end(): void;
  }
  export default PDFDocument;
}
