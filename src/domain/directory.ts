/**
 * Pure rules of the LDAP / Active Directory connection (decision 223): which
 * settings are acceptable, how group nesting is resolved where the server does
 * not do it (OpenLDAP), and what one sync changes.
 */

export type DirectoryKind = 'openldap' | 'active_directory';

export interface DirectoryAttributes {
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
}

export const DEFAULT_ATTRIBUTES: Record<DirectoryKind, DirectoryAttributes> = {
  openldap: { login: 'uid', email: 'mail', firstName: 'givenName', lastName: 'sn', displayName: 'displayName' },
  active_directory: { login: 'sAMAccountName', email: 'mail', firstName: 'givenName', lastName: 'sn', displayName: 'displayName' },
};

export const DEFAULT_USER_FILTER: Record<DirectoryKind, string> = {
  openldap: '(objectClass=inetOrgPerson)',
  active_directory: '(&(objectCategory=person)(objectClass=user))',
};

export type DirectoryProblem =
  | 'directory_url_invalid'
  | 'directory_plain_ldap'
  | 'directory_ca_invalid'
  | 'directory_bind_dn_invalid'
  | 'directory_password_missing'
  | 'directory_user_base_invalid'
  | 'directory_filter_invalid'
  | 'directory_attribute_invalid'
  | 'directory_group_base_invalid'
  | 'directory_mapping_invalid'
  | 'directory_interval_invalid';

export interface DirectoryInput {
  url: string;
  startTls: boolean;
  caCertificate: string;
  bindDn: string;
  bindPassword: string;
  userBaseDn: string;
  userFilter: string;
  attributes: DirectoryAttributes;
  groupBaseDn: string;
  groupMapping: { groupDn: string; groupId: string }[];
  disabledFilter: string;
  syncIntervalMinutes: number;
}

/** A distinguished name as RFC 4514 writes it: comma-separated attribute=value pairs. */
export function isDn(value: string): boolean {
  const v = value.trim();
  if (!v || v.length > 1000) return false;
  return v.split(/(?<!\\),/).every((rdn) => /^\s*[A-Za-z][A-Za-z0-9-]*\s*=\s*\S/.test(rdn));
}

/** A search filter (RFC 4515) with balanced parentheses, wrapped in one pair. */
export function isFilter(value: string): boolean {
  const v = value.trim();
  if (!v.startsWith('(') || !v.endsWith(')') || v.length > 2000) return false;
  let depth = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (depth < 0) return false;
    if (depth === 0 && i < v.length - 1) return false;
  }
  return depth === 0;
}

const ATTRIBUTE = /^[A-Za-z][A-Za-z0-9-]{0,63}$/;
const PEM = /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----\s*$/;

/**
 * The first problem of a configuration, or null. The connection must be
 * encrypted: ldaps:// or ldap:// with StartTLS; plain LDAP would send every
 * password of the sign-in over the wire.
 */
export function directoryProblem(input: DirectoryInput, hasStoredPassword: boolean): DirectoryProblem | null {
  let url: URL;
  try {
    url = new URL(input.url.trim());
  } catch {
    return 'directory_url_invalid';
  }
  if (url.protocol !== 'ldaps:' && url.protocol !== 'ldap:') return 'directory_url_invalid';
  if (!url.hostname || (url.pathname && url.pathname !== '/')) return 'directory_url_invalid';
  if (url.protocol === 'ldap:' && !input.startTls) return 'directory_plain_ldap';
  if (input.caCertificate.trim() && !PEM.test(input.caCertificate.trim())) return 'directory_ca_invalid';
  if (!isDn(input.bindDn)) return 'directory_bind_dn_invalid';
  if (!input.bindPassword && !hasStoredPassword) return 'directory_password_missing';
  if (!isDn(input.userBaseDn)) return 'directory_user_base_invalid';
  if (!isFilter(input.userFilter)) return 'directory_filter_invalid';
  if (input.disabledFilter.trim() && !isFilter(input.disabledFilter)) return 'directory_filter_invalid';
  if (!Object.values(input.attributes).every((a) => ATTRIBUTE.test(a.trim()))) return 'directory_attribute_invalid';
  if (!isDn(input.groupBaseDn)) return 'directory_group_base_invalid';
  if (input.groupMapping.some((m) => !isDn(m.groupDn))) return 'directory_mapping_invalid';
  if (!Number.isInteger(input.syncIntervalMinutes) || input.syncIntervalMinutes < 15 || input.syncIntervalMinutes > 10080)
    return 'directory_interval_invalid';
  return null;
}

/** DNs compare without case and without blanks around the separators. */
export const normaliseDn = (dn: string) =>
  dn
    .split(/(?<!\\),/)
    .map((rdn) => rdn.replace(/\s*=\s*/, '=').trim())
    .join(',')
    .toLowerCase();

/** Escapes a value for a search filter (RFC 4515 §3). */
export const escapeFilterValue = (value: string) =>
  value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/**
 * Every entry reachable from `root` through the member lists, groups included
 * along the way; cycles end. OpenLDAP has no transitive member rule, so the
 * nesting is resolved here from the group entries read once.
 */
export function transitiveMembers(members: ReadonlyMap<string, readonly string[]>, root: string): Set<string> {
  const seen = new Set<string>();
  const stack = [normaliseDn(root)];
  const visited = new Set<string>();
  while (stack.length > 0) {
    const group = stack.pop()!;
    if (visited.has(group)) continue;
    visited.add(group);
    for (const m of members.get(group) ?? []) {
      const dn = normaliseDn(m);
      seen.add(dn);
      if (members.has(dn)) stack.push(dn);
    }
  }
  return seen;
}

/** Active Directory: bit 2 (ACCOUNTDISABLE) of userAccountControl. */
export const adAccountDisabled = (userAccountControl: string | undefined) =>
  userAccountControl !== undefined && (Number.parseInt(userAccountControl, 10) & 2) === 2;

export interface DirectoryPerson {
  dn: string;
  email: string;
  firstName: string;
  lastName: string;
  disabled: boolean;
}

/** The name parts of an entry; a display name fills in a missing given name or surname. */
export function namesOf(given: string, sn: string, displayName: string): { firstName: string; lastName: string } {
  if (given && sn) return { firstName: given, lastName: sn };
  const parts = displayName.trim().split(/\s+/).filter(Boolean);
  const first = given || (parts.length > 1 ? parts.slice(0, -1).join(' ') : '');
  const last = sn || parts.at(-1) || given || '';
  return { firstName: first, lastName: last };
}

export interface SyncSummary {
  created: number;
  updated: number;
  deactivated: number;
  reactivated: number;
  membershipsAdded: number;
  membershipsRemoved: number;
  skipped: string[];
}

export const emptySummary = (): SyncSummary => ({
  created: 0,
  updated: 0,
  deactivated: 0,
  reactivated: 0,
  membershipsAdded: 0,
  membershipsRemoved: 0,
  skipped: [],
});

/** What the membership of one mapped group needs: who joins, who leaves (only directory people are ever removed). */
export function membershipChanges(
  current: ReadonlySet<string>,
  wanted: ReadonlySet<string>,
  directoryPeople: ReadonlySet<string>,
): { add: string[]; remove: string[] } {
  return {
    add: [...wanted].filter((id) => !current.has(id)),
    remove: [...current].filter((id) => !wanted.has(id) && directoryPeople.has(id)),
  };
}
