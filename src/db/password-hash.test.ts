import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, PARALLEL_HASHES, verifyDummyPassword, verifyPassword } from './password-hash';

/**
 * better-auth's portable default (`@noble/hashes` scrypt), the one it uses
 * where `node:crypto` is missing; loaded by file because the package exports it
 * only under conditions other than Node's.
 */
const nobleDefault = (await import(new URL('../../node_modules/@better-auth/utils/dist/password.mjs', import.meta.url).href)) as {
  hashPassword(p: string): Promise<string>;
  verifyPassword(h: string, p: string): Promise<boolean>;
};

// scrypt is slow by design, and slower still on a busy machine.
describe('password hashes (decision 189)', { timeout: 60_000 }, () => {
  it('verifies hashes made by better-auth’s defaults, the @noble/hashes one and the node:crypto one', async () => {
    const noble = await nobleDefault.hashPassword('Buchbar!2026 äöü');
    const node = await betterAuthHash('Buchbar!2026 äöü');
    expect(await verifyPassword(noble, 'Buchbar!2026 äöü')).toBe(true);
    expect(await verifyPassword(node, 'Buchbar!2026 äöü')).toBe(true);
    expect(await verifyPassword(noble, 'Buchbar!2026 äöu')).toBe(false);
  });

  it('writes hashes better-auth’s default verifies, in the same salt:key format', async () => {
    const hash = await hashPassword('geheim-genug');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await nobleDefault.verifyPassword(hash, 'geheim-genug')).toBe(true);
    expect(await betterAuthVerify({ hash, password: 'geheim-genug' })).toBe(true);
    expect(await verifyPassword(hash, 'geheim-genug!')).toBe(false);
  });

  it('normalises the password (NFKC) as better-auth does', async () => {
    const hash = await hashPassword('Caf\u00e9');
    expect(await verifyPassword(hash, 'Cafe\u0301')).toBe(true);
  });

  it('never matches a malformed hash and never throws for one', async () => {
    for (const bad of ['', 'abc', 'abc:', ':abc', 'a:b:c', `${'0'.repeat(32)}:${'z'.repeat(128)}`, `${'0'.repeat(32)}:${'0'.repeat(64)}`])
      expect(await verifyPassword(bad, 'x')).toBe(false);
    expect(await verifyDummyPassword('irgendwas')).toBe(false);
  });

  it('leaves the event loop free while hashing, and a thread of the pool', async () => {
    expect(PARALLEL_HASHES).toBeGreaterThanOrEqual(1);
    expect(PARALLEL_HASHES).toBeLessThan(Number(process.env.UV_THREADPOOL_SIZE) || 4);
    const ticks: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      ticks.push(now - last);
      last = now;
    }, 5);
    await Promise.all(Array.from({ length: 4 }, (_, i) => hashPassword(`passwort-${i}`)));
    clearInterval(timer);
    // Timers kept firing while four hashes ran: the hashing was not on this thread.
    expect(ticks.length).toBeGreaterThan(4);
  });
});
