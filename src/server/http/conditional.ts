/**
 * Conditional and compressed answers for texts built once and sent many
 * times (the calendar feed): RFC 9110 If-None-Match with the weak comparison
 * a GET uses, and whether the client takes gzip or brotli (Accept-Encoding).
 */

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** True when If-None-Match names the entity tag (or is `*`): the client's copy is current and 304 answers. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const want = opaque(etag);
  return ifNoneMatch.split(',').some((t) => opaque(t) === want);
}

/** True when Accept-Encoding allows the coding: listed (or `*` with the coding not excluded) with a quality above 0. */
export function acceptsEncoding(acceptEncoding: string | undefined, coding: 'gzip' | 'br'): boolean {
  if (!acceptEncoding) return false;
  let star: boolean | null = null;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding || (coding === 'gzip' && name === 'x-gzip')) return allowed;
    if (name === '*') star = allowed;
  }
  return star === true;
}

/** True when Accept-Encoding allows gzip. */
export const acceptsGzip = (acceptEncoding: string | undefined) => acceptsEncoding(acceptEncoding, 'gzip');
