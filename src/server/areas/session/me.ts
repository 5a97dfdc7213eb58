import type { Me } from '@contracts/session';
import { withTenant } from '@db/client';
import { personFeatures, startPath } from '@domain/navigation';
import { hasAdminAccess } from '@domain/permissions';
import { hasActiveLockers } from '@server/areas/lockers/public';
import type { Deps } from '../../deps';
import type { UserContext } from '../../kernel/context';
import { effectiveSetting } from '../settings/public';

/** The person's features (switched on and derived from the tenant's data) and start page, read in one transaction. */
async function startState(deps: Deps, user: UserContext): Promise<{ features: string[]; startPath: string }> {
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const setting = await effectiveSetting(tx, tenantId, user.member.id, 'startseite');
    const features = personFeatures(user.tenant.features, user.permissions, { activeLockers: await hasActiveLockers(tx, tenantId) });
    return { features, startPath: startPath(user.permissions, new Set(features), typeof setting === 'string' ? setting : null) };
  });
}

/** Where the person lands after signing in: their own start page setting, else the first area they may use. */
export async function startPathOf(deps: Deps, user: UserContext): Promise<string> {
  return (await startState(deps, user)).startPath;
}

/** The signed-in person as the app starts with it: GET /api/session/me, and the app page of a signed-in person (decision 177). */
export async function meOf(deps: Deps, user: UserContext): Promise<Me> {
  const { features, startPath } = await startState(deps, user);
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
    features,
    isAdmin: hasAdminAccess(user.permissions),
    locale: user.locale,
    startPath,
    twoFactorEnabled: user.twoFactorEnabled,
    secondFactorMissing: user.secondFactorMissing,
  };
}
