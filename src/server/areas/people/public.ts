/**
 * What other areas may use of the people (the tenant's members and their
 * identities); nothing else of this folder is imported from outside it (decision 204).
 */

export { endActiveUse } from './deactivation';
export { findIdentityByEmail, insertIdentity, insertPerson, replaceLinksOfPerson, updatePersonFields } from './people-repository';
export { searchActiveMembers } from './people-search-repository';
export type { MemberRecord } from './user-repository';
// Reads: a member by id or e-mail, with the request's context or the sources of their permissions.
// Writes: the own profile, and the first administrator of a new tenant.
export {
  findMemberByEmail,
  findMemberById,
  findMemberContext,
  loadPermissionSources,
  membersWithPermission,
  updateMember,
} from './user-repository';
