/** The part of archiver 8's API the personal data export uses (the package ships no types). */
declare module 'archiver' {
  import type { Transform } from 'node:stream';

  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number } });
    append(source: Buffer | string, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
  }
}
