import { z } from 'zod';

/** /admin/mandanten, section LDAP / Active Directory (decision 223): settings without the bind password. */

const attributes = z.object({
  login: z.string().max(64),
  email: z.string().max(64),
  firstName: z.string().max(64),
  lastName: z.string().max(64),
  displayName: z.string().max(64),
});

const summary = z.object({
  created: z.number(),
  updated: z.number(),
  deactivated: z.number(),
  reactivated: z.number(),
  membershipsAdded: z.number(),
  membershipsRemoved: z.number(),
  skipped: z.array(z.string()),
});
export const directorySyncSummary = summary;

export const directoryData = z.object({
  configured: z.boolean(),
  kind: z.enum(['openldap', 'active_directory']),
  url: z.string(),
  startTls: z.boolean(),
  caCertificate: z.string(),
  bindDn: z.string(),
  hasBindPassword: z.boolean(),
  userBaseDn: z.string(),
  userFilter: z.string(),
  attributes,
  groupBaseDn: z.string(),
  groupMapping: z.array(z.object({ groupDn: z.string(), groupId: z.string() })),
  disabledFilter: z.string(),
  syncIntervalMinutes: z.number(),
  lastSyncAt: z.string().nullable(),
  lastSync: summary.extend({ error: z.string().optional() }).nullable(),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const directorySave = z.object({
  kind: z.enum(['openldap', 'active_directory']),
  url: z.string().max(500),
  startTls: z.boolean(),
  caCertificate: z.string().max(20000).default(''),
  bindDn: z.string().max(1000),
  /** Empty keeps the stored password. */
  bindPassword: z.string().max(1000).default(''),
  userBaseDn: z.string().max(1000),
  userFilter: z.string().max(2000),
  attributes,
  groupBaseDn: z.string().max(1000),
  groupMapping: z.array(z.object({ groupDn: z.string().max(1000), groupId: z.uuid() })).max(100),
  disabledFilter: z.string().max(2000).default(''),
  syncIntervalMinutes: z.number().int(),
});
