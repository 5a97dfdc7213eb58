import type { Me } from '@contracts/session';
import { withTenant } from '@db/client';
import { startPath } from '@domain/navigation';
import { hasAdminAccess } from '@domain/permissions';
import type { Deps } from '../../deps';
import type { UserContext } from '../../kernel/context';
import { effectiveSetting } from '../settings/effective-settings';

/** Where the person lands after signing in: their own start page setting, else the first area they may use. */
export async function startPathOf(deps: Deps, user: UserContext): Promise<string> {
  const setting = await withTenant(deps.database.db, user.tenant.id, (tx) =>
    effectiveSetting(tx, user.tenant.id, user.member.id, 'startseite'),
  );
  return startPath(user.permissions, new Set(user.tenant.features), setting);
}

/** The signed-in person as the app starts with it: GET /api/session/me, and the app page of a signed-in person (decision 177). */
export async function meOf(deps: Deps, user: UserContext): Promise<Me> {
  return {
    user: {
      id: user.member.id,
      firstName: user.member.firstName,
      lastName: user.member.lastName,
      email: user.member.email,
      emailVerified: user.emailVerified,
      employeeId: user.member.employeeId,
      department: user.member.department,
    },
    tenant: { id: user.tenant.id, name: user.tenant.name },
    permissions: [...user.permissions].sort(),
    features: user.tenant.features,
    isAdmin: hasAdminAccess(user.permissions),
    locale: user.locale,
    startPath: await startPathOf(deps, user),
    twoFactorEnabled: user.twoFactorEnabled,
    secondFactorMissing: user.secondFactorMissing,
  };
}
