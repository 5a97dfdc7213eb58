/**
 * What other areas may use of the access administration (roles, groups, audit
 * trail); nothing else of this folder is imported from outside it
 * (scripts/lib/import-rules.ts, decision 204).
 */

// Reads: the roles and groups a person's editor offers, and where a person's permissions come from.
// Writes: the audit trail of administrative reads and changes, the roles of a new tenant, groups and members provisioned over SCIM.
export {
  addGroupMembers,
  countRolesAndGroups,
  deleteGroup,
  insertAudit,
  insertAudits,
  insertGroup,
  insertRole,
  listGroups,
  listRoles,
  removeGroupMembers,
  renameGroup,
  replaceRolePermissions,
  sourcesOfPerson,
} from './access-admin-repository';
