import { isIP } from 'node:net';

/**
 * Which reverse proxies the server believes (TRUST_PROXY, decision 188).
 * Only a hop that is trusted may say who the client is (X-Forwarded-For),
 * which host it asked for (X-Forwarded-Host) and whether it spoke https
 * (X-Forwarded-Proto). Everything else a client sends in those headers is its
 * own claim and ignored: the address counts rate limits and is shown in the
 * sessions list, so a made-up one must not lift a limit.
 */
export type TrustedProxies =
  | { kind: 'none' }
  /** The last N hops, whoever they are: only where the nodes are reachable through the proxy alone. */
  | { kind: 'hops'; hops: number }
  /** Addresses, CIDR ranges or the names loopback, linklocal, uniquelocal. */
  | { kind: 'addresses'; addresses: string[] };

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export class TrustProxyError extends Error {}

/** Reads TRUST_PROXY: empty, `false` or `none` → no proxy; a whole number → hops; otherwise a comma-separated list. */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === 'none') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? { kind: 'none' } : { kind: 'hops', hops };
  }
  // `true` would trust every sender, which is the defect this setting exists to prevent.
  if (text === 'true') {
    throw new TrustProxyError(
      'TRUST_PROXY=true würde jedem Absender glauben. Bitte die Adressen des Proxys angeben (z. B. 127.0.0.1 oder 10.0.0.0/24) oder die Zahl der Proxy-Stufen.',
    );
  }
  const addresses = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const a of addresses) {
    if (!validEntry(a)) {
      throw new TrustProxyError(
        `TRUST_PROXY enthält „${a}“: erwartet werden IP-Adressen, CIDR-Bereiche (z. B. 10.0.0.0/24) oder loopback, linklocal, uniquelocal.`,
      );
    }
  }
  return { kind: 'addresses', addresses };
}

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` option. Fastify compiles an address list itself; a
 * hop count is given as a function, because Fastify's own number form trusts
 * no forwarded host or protocol.
 */
export function fastifyTrustProxy(trusted: TrustedProxies): false | string[] | ((address: string, hop: number) => boolean) {
  switch (trusted.kind) {
    case 'none':
      return false;
    case 'hops':
      return (_address, hop) => hop < trusted.hops;
    case 'addresses':
      return trusted.addresses;
  }
}
