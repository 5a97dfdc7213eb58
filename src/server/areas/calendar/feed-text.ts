import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** A built calendar feed as it is sent (docs/performance/calendar.md): the text's bytes, the same gzipped, and an entity tag of them. */
export interface FeedText {
  /** The text as UTF-8 bytes: sending bytes spares measuring and encoding 300 KB on every poll. */
  bytes: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Compresses and tags the text once, when it is built; polls in between send what is kept. */
export function feedText(text: string): FeedText {
  const bytes = Buffer.from(text, 'utf8');
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return { bytes, gzip: gzipSync(bytes), etag: `"${hash}"` };
}
