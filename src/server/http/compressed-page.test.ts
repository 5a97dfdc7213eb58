import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedPage } from './compressed-page';

const html = `<!doctype html><html><head><title>Buchbar</title></head><body>${'<p>Leseraum</p>'.repeat(200)}</body></html>`;

describe('compressedPage', () => {
  it('prefers brotli, then gzip, and sends the page as it is to a client that takes neither', () => {
    const br = compressedPage(html, 'gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString('utf8')).toBe(html);
    const gzip = compressedPage(html, 'gzip, deflate');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString('utf8')).toBe(html);
    expect(compressedPage(html, 'br;q=0, gzip').encoding).toBe('gzip');
    expect(compressedPage(html, 'identity')).toEqual({ body: html });
    expect(compressedPage(html, undefined)).toEqual({ body: html });
  });
});
