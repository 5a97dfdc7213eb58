import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { acceptsEncoding } from './conditional';

export interface CompressedPage {
  body: Buffer | string;
  encoding?: 'br' | 'gzip';
}

/**
 * The app page as the browser takes it (docs/performance/web.md). The page differs per
 * request (start data), so it is compressed per request: brotli at quality 5
 * costs a tenth of a millisecond for the page and comes within 10 % of
 * quality 11, which costs 4 ms. @fastify/compress does not reach the page:
 * its hooks are added per route, and the page is the not-found handler's.
 */
export function compressedPage(html: string, acceptEncoding: string | undefined): CompressedPage {
  if (acceptsEncoding(acceptEncoding, 'br')) {
    const body = brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    return { body, encoding: 'br' };
  }
  if (acceptsEncoding(acceptEncoding, 'gzip')) return { body: gzipSync(html), encoding: 'gzip' };
  return { body: html };
}
