import { ADMIN_PERMISSIONS, type Permission } from './permissions';

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
