import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adAccountDisabled,
  DEFAULT_ATTRIBUTES,
  type DirectoryInput,
  directoryProblem,
  escapeFilterValue,
  isDn,
  isFilter,
  membershipChanges,
  namesOf,
  normaliseDn,
  transitiveMembers,
} from './directory';

const good: DirectoryInput = {
  url: 'ldaps://ldap.beispiel.de:636',
  startTls: false,
  caCertificate: '',
  bindDn: 'cn=buchbar,ou=dienste,dc=beispiel,dc=de',
  bindPassword: 'geheim',
  userBaseDn: 'ou=people,dc=beispiel,dc=de',
  userFilter: '(objectClass=inetOrgPerson)',
  attributes: DEFAULT_ATTRIBUTES.openldap,
  groupBaseDn: 'ou=groups,dc=beispiel,dc=de',
  groupMapping: [{ groupDn: 'cn=buchbar,ou=groups,dc=beispiel,dc=de', groupId: 'x' }],
  disabledFilter: '',
  syncIntervalMinutes: 60,
};

describe('directoryProblem', () => {
  it('accepts ldaps and ldap with StartTLS', () => {
    expect(directoryProblem(good, false)).toBeNull();
    expect(directoryProblem({ ...good, url: 'ldap://ldap.beispiel.de', startTls: true }, false)).toBeNull();
  });
  it('refuses plain LDAP, other schemes and broken values', () => {
    expect(directoryProblem({ ...good, url: 'ldap://ldap.beispiel.de' }, false)).toBe('directory_plain_ldap');
    expect(directoryProblem({ ...good, url: 'https://ldap.beispiel.de' }, false)).toBe('directory_url_invalid');
    expect(directoryProblem({ ...good, url: 'kein Server' }, false)).toBe('directory_url_invalid');
    expect(directoryProblem({ ...good, bindDn: 'buchbar' }, false)).toBe('directory_bind_dn_invalid');
    expect(directoryProblem({ ...good, bindPassword: '' }, false)).toBe('directory_password_missing');
    expect(directoryProblem({ ...good, bindPassword: '' }, true)).toBeNull();
    expect(directoryProblem({ ...good, userFilter: '(objectClass=person' }, false)).toBe('directory_filter_invalid');
    expect(directoryProblem({ ...good, caCertificate: 'hallo' }, false)).toBe('directory_ca_invalid');
    expect(directoryProblem({ ...good, syncIntervalMinutes: 5 }, false)).toBe('directory_interval_invalid');
    expect(directoryProblem({ ...good, attributes: { ...good.attributes, email: 'm ail' } }, false)).toBe('directory_attribute_invalid');
  });
});

describe('filters and names', () => {
  it('checks parentheses', () => {
    expect(isFilter('(&(a=b)(|(c=d)(e=f)))')).toBe(true);
    expect(isFilter('(a=b)(c=d)')).toBe(false);
    expect(isFilter('a=b')).toBe(false);
  });
  it('an escaped value never breaks a filter', () => {
    fc.assert(fc.property(fc.string(), (s) => isFilter(`(mail=${escapeFilterValue(s)})`)));
  });
  it('DNs compare without case and blanks', () => {
    expect(normaliseDn('CN=Jürgen Müßig, OU=People,dc=x')).toBe(normaliseDn('cn=jürgen müßig,ou=people,DC=x'));
    expect(isDn('cn=a,dc=b')).toBe(true);
    expect(isDn('nur text')).toBe(false);
  });
  it('fills names from the display name', () => {
    expect(namesOf('', '', 'Jürgen Müßig')).toEqual({ firstName: 'Jürgen', lastName: 'Müßig' });
    expect(namesOf('Anna', 'Schmidt', 'egal')).toEqual({ firstName: 'Anna', lastName: 'Schmidt' });
  });
  it('reads bit 2 of userAccountControl', () => {
    expect(adAccountDisabled('514')).toBe(true);
    expect(adAccountDisabled('512')).toBe(false);
    expect(adAccountDisabled(undefined)).toBe(false);
  });
});

describe('transitiveMembers', () => {
  it('resolves nesting and survives cycles', () => {
    const g = new Map<string, string[]>([
      ['cn=a', ['cn=b', 'uid=1']],
      ['cn=b', ['cn=a', 'uid=2']],
    ]);
    expect([...transitiveMembers(g, 'CN=A')].sort()).toEqual(['cn=a', 'cn=b', 'uid=1', 'uid=2']);
  });
  it('a chain of any depth reaches its last member', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (depth) => {
        const g = new Map<string, string[]>();
        for (let i = 0; i < depth; i++) g.set(`cn=g${i}`, [`cn=g${i + 1}`]);
        g.set(`cn=g${depth}`, ['uid=last']);
        return transitiveMembers(g, 'cn=g0').has('uid=last');
      }),
    );
  });
});

describe('membershipChanges', () => {
  it('never removes a member the directory does not manage', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ max: 20 })),
        fc.uniqueArray(fc.integer({ max: 20 })),
        fc.uniqueArray(fc.integer({ max: 20 })),
        (c, w, d) => {
          const s = (a: number[]) => new Set(a.map(String));
          const { add, remove } = membershipChanges(s(c), s(w), s(d));
          return remove.every((id) => s(d).has(id) && !s(w).has(id)) && add.every((id) => s(w).has(id) && !s(c).has(id));
        },
      ),
    );
  });
});
