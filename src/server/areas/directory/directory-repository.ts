import type { Db } from '@db/client';
import { groups, tenantDirectory, userGroups, users } from '@db/schema/index';
import type { DirectoryAttributes, DirectoryKind, SyncSummary } from '@domain/directory';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';

/** A tenant's directory settings and the members the sync keeps (decision 223). */

export interface DirectoryRecord {
  tenantId: string;
  kind: DirectoryKind;
  url: string;
  startTls: boolean;
  caCertificate: string | null;
  bindDn: string;
  bindPasswordEncrypted: string;
  userBaseDn: string;
  userFilter: string;
  attributes: DirectoryAttributes;
  groupBaseDn: string;
  groupMapping: { groupDn: string; groupId: string }[];
  disabledFilter: string | null;
  syncIntervalMinutes: number;
  lastSyncAt: Date | null;
  lastSyncSummary: (SyncSummary & { error?: string }) | null;
  updatedAt: Date;
}

export type DirectoryValues = Omit<DirectoryRecord, 'tenantId' | 'updatedAt' | 'lastSyncAt' | 'lastSyncSummary'>;

export async function findDirectory(db: Db, tenantId: string): Promise<DirectoryRecord | null> {
  const [row] = await db.select().from(tenantDirectory).where(eq(tenantDirectory.tenantId, tenantId));
  return (row as DirectoryRecord | undefined) ?? null;
}

export async function saveDirectory(db: Db, tenantId: string, values: DirectoryValues): Promise<void> {
  await db
    .insert(tenantDirectory)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: tenantDirectory.tenantId, set: { ...values, updatedAt: sql`now()` } });
}

export async function deleteDirectory(db: Db, tenantId: string): Promise<boolean> {
  const rows = await db.delete(tenantDirectory).where(eq(tenantDirectory.tenantId, tenantId)).returning({ id: tenantDirectory.tenantId });
  return rows.length > 0;
}

export async function recordSync(db: Db, tenantId: string, summary: SyncSummary & { error?: string }): Promise<void> {
  await db
    .update(tenantDirectory)
    .set({ lastSyncAt: sql`now()`, lastSyncSummary: summary as unknown as Record<string, unknown> })
    .where(eq(tenantDirectory.tenantId, tenantId));
}

/** Tenants whose interval has passed since the last sync (across tenants: the schedule runs outside any tenant). */
export async function tenantsDueForSync(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: tenantDirectory.tenantId })
    .from(tenantDirectory)
    .where(
      sql`${tenantDirectory.lastSyncAt} is null or ${tenantDirectory.lastSyncAt} + make_interval(mins => ${tenantDirectory.syncIntervalMinutes}) <= now()`,
    );
  return rows.map((r) => r.id);
}

export async function existingGroupIds(db: Db, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), inArray(groups.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export interface DirectoryMember {
  id: string;
  authUserId: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  directoryDn: string | null;
}

const memberColumns = {
  id: users.id,
  authUserId: users.authUserId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  directoryDn: users.directoryDn,
};

/** Every member the directory manages, and every member whose address the directory lists (to take them over). */
export async function membersForSync(db: Db, tenantId: string): Promise<DirectoryMember[]> {
  return db.select(memberColumns).from(users).where(eq(users.tenantId, tenantId));
}

export async function findDirectoryMemberByEmail(db: Db, tenantId: string, email: string): Promise<DirectoryMember | null> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNotNull(users.directoryDn), sql`lower(${users.email}) = lower(${email})`));
  return row ?? null;
}

export async function setDirectoryFields(
  db: Db,
  tenantId: string,
  id: string,
  fields: { email: string; firstName: string; lastName: string; directoryDn: string; status: 'aktiv' | 'inaktiv' },
): Promise<void> {
  await db
    .update(users)
    .set(fields)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
}

export async function membersOfGroups(
  db: Db,
  tenantId: string,
  groupIds: readonly string[],
): Promise<{ userId: string; groupId: string }[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({ userId: userGroups.userId, groupId: userGroups.groupId })
    .from(userGroups)
    .where(and(eq(userGroups.tenantId, tenantId), inArray(userGroups.groupId, [...groupIds])));
}

export async function addToGroup(db: Db, tenantId: string, userId: string, groupId: string): Promise<void> {
  await db.insert(userGroups).values({ tenantId, userId, groupId }).onConflictDoNothing();
}

export async function removeFromGroup(db: Db, tenantId: string, userId: string, groupId: string): Promise<void> {
  await db.delete(userGroups).where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.userId, userId), eq(userGroups.groupId, groupId)));
}
