import { isIP } from 'node:net';
import { Client, InvalidCredentialsError } from 'ldapts';
import { directoryErrors } from './errors';

/**
 * One connection to a tenant's directory over ldapts (decision 223): always
 * encrypted (ldaps://, or ldap:// upgraded with StartTLS before any bind), the
 * server's certificate checked against the system CAs or the tenant's own CA.
 * Timeouts keep an unreachable server from holding a sign-in or a sync.
 */

export interface DirectoryConnection {
  url: string;
  startTls: boolean;
  caCertificate: string | null;
}

const CONNECT_TIMEOUT_MS = 5000;
const OPERATION_TIMEOUT_MS = 15000;

function clientFor(c: DirectoryConnection): { client: Client; tls: { ca?: string[]; servername?: string } } {
  const hostname = new URL(c.url).hostname.replace(/^\[|\]$/g, '');
  // SNI takes host names only (RFC 6066 §3); the certificate is checked against an address all the same.
  const tls = { ...(isIP(hostname) ? {} : { servername: hostname }), ...(c.caCertificate ? { ca: [c.caCertificate] } : {}) };
  const client = new Client({ url: c.url, connectTimeout: CONNECT_TIMEOUT_MS, timeout: OPERATION_TIMEOUT_MS, tlsOptions: tls });
  return { client, tls };
}

/** Runs `work` on a connection bound as `dn`; refusals become the catalogue's sentences. */
export async function withBoundClient<T>(
  c: DirectoryConnection,
  dn: string,
  password: string,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const { client, tls } = clientFor(c);
  try {
    try {
      if (c.startTls) await client.startTLS(tls);
      await client.bind(dn, password);
    } catch (err) {
      if (err instanceof InvalidCredentialsError) throw directoryErrors.fail('directory_bind_refused');
      throw directoryErrors.fail('directory_unreachable');
    }
    return await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * The bind of a person at sign-in: true when the directory accepts the
 * password, false when it refuses it. An empty password is refused here:
 * LDAP servers treat it as an anonymous bind that "succeeds" (RFC 4513 §5.1.2).
 */
export async function passwordAccepted(c: DirectoryConnection, dn: string, password: string): Promise<boolean> {
  if (!password) return false;
  try {
    return await withBoundClient(c, dn, password, async () => true);
  } catch (err) {
    if ((err as { code?: string }).code === 'directory_bind_refused') return false;
    throw err;
  }
}

export type Entry = Record<string, string | string[] | Buffer | Buffer[]>;

/** A subtree search, paged so large directories (Active Directory's limit of 1000) come back whole. */
export async function searchAll(client: Client, base: string, filter: string, attributes: string[]): Promise<Entry[]> {
  try {
    const { searchEntries } = await client.search(base, { scope: 'sub', filter, attributes, paged: { pageSize: 500 } });
    return searchEntries as Entry[];
  } catch {
    throw directoryErrors.fail('directory_search_failed');
  }
}

/** One attribute as text (the first value of a multi-valued one). */
export function first(entry: Entry, name: string): string {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  const v = key ? entry[key] : undefined;
  const one = Array.isArray(v) ? v[0] : v;
  return one === undefined ? '' : Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
}

/** Every value of an attribute as text. */
export function all(entry: Entry, name: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  const v = key ? entry[key] : undefined;
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x)));
}
