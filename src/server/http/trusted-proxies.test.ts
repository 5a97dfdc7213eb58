import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy, TrustProxyError } from './trusted-proxies';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless one is configured', () => {
    for (const v of [undefined, '', '  ', 'false', 'none', '0']) expect(parseTrustProxy(v)).toEqual({ kind: 'none' });
    expect(fastifyTrustProxy({ kind: 'none' })).toBe(false);
  });

  it('takes addresses, CIDR ranges and the named ranges', () => {
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/24,::1,fd00::/8,loopback')).toEqual({
      kind: 'addresses',
      addresses: ['127.0.0.1', '10.0.0.0/24', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('takes a number of hops and trusts exactly that many', () => {
    const trusted = parseTrustProxy('2');
    expect(trusted).toEqual({ kind: 'hops', hops: 2 });
    const fn = fastifyTrustProxy(trusted) as (a: string, i: number) => boolean;
    expect([0, 1, 2].map((i) => fn('198.51.100.1', i))).toEqual([true, true, false]);
  });

  it('refuses what would trust everyone or names no address, with a sentence', () => {
    expect(() => parseTrustProxy('true')).toThrow(TrustProxyError);
    expect(() => parseTrustProxy('true')).toThrow(/jedem Absender/);
    for (const v of ['nginx', '10.0.0.0/33', '::1/129', '1.2.3', '10.0.0.1/8/1', '10.0.0.0/x']) {
      expect(() => parseTrustProxy(v), v).toThrow(/TRUST_PROXY enthält/);
    }
  });
});
