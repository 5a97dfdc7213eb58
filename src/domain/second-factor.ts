import { ADMIN_PERMISSIONS, type Permission } from './permissions';

/**
 * Whether a session carries a second factor: the identity has enrolled TOTP
 * (then every password sign-in asks for a code), or the session was opened by a
 * passkey with user verification — possession of the key plus the PIN or
 * biometrics that unlock it, two factors in one step (NIST SP 800-63B
 * multi-factor cryptographic authenticator; decision 169). A passkey merely
 * registered does not count for a session opened with the password alone.
 */
export const hasSecondFactor = (session: { totpEnrolled: boolean; passkeyVerified: boolean }): boolean =>
  session.totpEnrolled || session.passkeyVerified;

/**
 * A tenant may require a second factor of everyone holding an admin permission
 * (setting zweiterFaktorFuerAdmins). Until such a person has enrolled, their
 * admin permissions are withheld: they can still book and reach the settings
 * dialog to enrol, but no administrative change goes through on a password alone.
 */
export function permissionsUntilSecondFactor(
  permissions: ReadonlySet<Permission>,
  rule: { required: boolean; enrolled: boolean },
): { permissions: ReadonlySet<Permission>; secondFactorMissing: boolean } {
  const holdsAdmin = ADMIN_PERMISSIONS.some((p) => permissions.has(p));
  if (!rule.required || rule.enrolled || !holdsAdmin) return { permissions, secondFactorMissing: false };
  const admin = new Set<Permission>(ADMIN_PERMISSIONS);
  return { permissions: new Set([...permissions].filter((p) => !admin.has(p))), secondFactorMissing: true };
}
