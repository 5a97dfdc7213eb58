import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, hasAdminAccess, PERMISSIONS, type Permission } from './permissions';
import { hasSecondFactor, permissionsUntilSecondFactor } from './second-factor';

const permissionSet = fc.subarray([...PERMISSIONS]).map((ps) => new Set<Permission>(ps));

describe('permissionsUntilSecondFactor', () => {
  it('withholds exactly the admin permissions while a required factor is missing', () => {
    fc.assert(
      fc.property(permissionSet, (perms) => {
        const r = permissionsUntilSecondFactor(perms, { required: true, enrolled: false });
        expect(hasAdminAccess(r.permissions)).toBe(false);
        expect(r.secondFactorMissing).toBe(hasAdminAccess(perms));
        for (const p of perms) if (!ADMIN_PERMISSIONS.includes(p)) expect(r.permissions.has(p)).toBe(true);
      }),
    );
  });

  it('changes nothing when not required or already enrolled', () => {
    fc.assert(
      fc.property(permissionSet, fc.boolean(), (perms, required) => {
        const r = permissionsUntilSecondFactor(perms, { required, enrolled: true });
        expect(r.permissions).toBe(perms);
        expect(permissionsUntilSecondFactor(perms, { required: false, enrolled: false }).secondFactorMissing).toBe(false);
      }),
    );
  });
});

describe('hasSecondFactor', () => {
  it('counts an enrolled authenticator app or a session opened by a passkey with user verification', () => {
    expect(hasSecondFactor({ totpEnrolled: true, passkeyVerified: false })).toBe(true);
    expect(hasSecondFactor({ totpEnrolled: false, passkeyVerified: true })).toBe(true);
    expect(hasSecondFactor({ totpEnrolled: false, passkeyVerified: false })).toBe(false);
  });
});
