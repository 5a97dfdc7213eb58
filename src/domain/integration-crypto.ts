import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_TOLERANCE_SECONDS, TOKEN_PREFIX } from './integrations';

/**
 * The computed parts of decision 213: a token's text and its stored hash, and
 * a webhook's signature. Apart from the other rules because they need Node's
 * crypto, which the browser bundle must not pull in.
 */

/** The token's text from 32 random bytes (the caller draws them). */
export function formatToken(random: Uint8Array): string {
  if (random.length !== 32) throw new Error('Ein Token braucht 32 zufällige Bytes.');
  return TOKEN_PREFIX + Buffer.from(random).toString('base64url');
}

/**
 * What is stored instead of the token: its SHA-256. A token carries 256 random
 * bits, so a slow password hash would add nothing but time to every request.
 */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`: the time is signed with the body, so an old delivery cannot be replayed later. */
export function signPayload(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** What a receiver does (and the tests' receiver): recompute, compare in constant time, check the age. */
export function verifySignature(secret: string, body: string, header: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i), p.slice(i + 1)];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || typeof parts.v1 !== 'string') return false;
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const want = Buffer.from(signPayload(secret, body, t).split('v1=')[1]!, 'hex');
  const got = Buffer.from(parts.v1, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}
