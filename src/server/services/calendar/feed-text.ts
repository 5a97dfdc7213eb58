import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** A built calendar feed as it is sent (decision 161): the text, the same gzipped, and an entity tag of the text. */
export interface FeedText {
  text: string;
  gzip: Buffer;
  etag: string;
}

/** Compresses and tags the text once, when it is built; polls in between send what is kept. */
export function feedText(text: string): FeedText {
  const hash = createHash('sha256').update(text).digest('base64url').slice(0, 27);
  return { text, gzip: gzipSync(text), etag: `"${hash}"` };
}
