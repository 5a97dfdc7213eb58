import type { Permission } from '@domain/permissions';
import type { TenantRecord } from '../repositories/tenant-repository';
import type { MemberRecord } from '../repositories/user-repository';

/** The signed-in member of the request's tenant with everything rules need. */
export interface UserContext {
  tenant: TenantRecord;
  member: MemberRecord;
  permissions: ReadonlySet<Permission>;
  locale: 'de-de' | 'en-us';
  emailVerified: boolean;
}
