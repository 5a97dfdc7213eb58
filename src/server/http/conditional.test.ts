import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsEncoding, acceptsGzip, matchesEtag } from './conditional';

describe('matchesEtag', () => {
  it('matches the tag among a list, weak or strong, and *', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
    expect(matchesEtag('', '"abc"')).toBe(false);
  });

  it('property: a list holding the tag matches, a list without it does not', () => {
    const tag = fc.stringMatching(/^[A-Za-z0-9_-]{1,27}$/).map((t) => `"${t}"`);
    fc.assert(
      fc.property(tag, fc.array(tag), (etag, others) => {
        const rest = others.filter((o) => o !== etag);
        expect(matchesEtag([...rest, etag].join(', '), etag)).toBe(true);
        if (rest.length > 0) expect(matchesEtag(rest.join(', '), etag)).toBe(false);
      }),
    );
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as calendar programs send it', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('deflate, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('acceptsEncoding', () => {
  it('reads brotli like gzip, and x-gzip only as gzip', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, deflate', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=0, *', 'br')).toBe(false);
    expect(acceptsEncoding('*', 'br')).toBe(true);
    expect(acceptsEncoding('x-gzip', 'br')).toBe(false);
  });
});
