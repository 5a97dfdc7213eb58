import type { Permission } from '@domain/permissions';
import type { MemberRecord } from '../areas/people/user-repository';
import type { TenantRecord } from '../areas/tenant/tenant-repository';

/** The signed-in member of the request's tenant with everything rules need. */
export interface UserContext {
  tenant: TenantRecord;
  member: MemberRecord;
  permissions: ReadonlySet<Permission>;
  locale: 'de-de' | 'en-us';
  emailVerified: boolean;
  /** The identity has an active second factor (TOTP). */
  twoFactorEnabled: boolean;
  /** The tenant requires a second factor of admins and this admin has none yet: admin permissions are withheld. */
  secondFactorMissing: boolean;
}
