/** The part of pdfkit's API the logbook PDF uses (the package ships no types). */
declare module 'pdfkit' {
  import type { Writable } from 'node:stream';

  interface TextOptions {
    width?: number;
    height?: number;
    lineBreak?: boolean;
    ellipsis?: boolean | string;
  }
  class PDFDocument {
    constructor(options?: Record<string, unknown>);
    page: { width: number; height: number };
    registerFont(name: string, path: string): this;
    font(name: string): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
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
