import type { Db } from '@db/client';
import { groups, settingValues, userGroups } from '@db/schema/index';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';

export interface StoredSettingValue {
  optionName: string;
  layer: string;
  userId: string | null;
  groupId: string | null;
  groupName: string | null;
  value: string;
}

/** Every stored value that can apply to a user (own, own groups', tenant's), for the given options or all. */
export async function loadSettingValuesForUser(
  db: Db,
  tenantId: string,
  userId: string | null,
  optionNames?: readonly string[],
): Promise<StoredSettingValue[]> {
  const groupIds = userId
    ? db
        .select({ id: userGroups.groupId })
        .from(userGroups)
        .where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.userId, userId)))
    : null;
  const scope = or(
    eq(settingValues.layer, 'MANDANT'),
    userId ? and(eq(settingValues.layer, 'BENUTZER'), eq(settingValues.userId, userId)) : sql`false`,
    groupIds ? and(eq(settingValues.layer, 'GRUPPE'), inArray(settingValues.groupId, groupIds)) : sql`false`,
  );
  return db
    .select({
      optionName: settingValues.optionName,
      layer: settingValues.layer,
      userId: settingValues.userId,
      groupId: settingValues.groupId,
      groupName: groups.name,
      value: settingValues.value,
    })
    .from(settingValues)
    .leftJoin(groups, and(eq(groups.tenantId, settingValues.tenantId), eq(groups.id, settingValues.groupId)))
    .where(and(eq(settingValues.tenantId, tenantId), scope, optionNames ? inArray(settingValues.optionName, [...optionNames]) : undefined));
}

export async function upsertSettingValue(
  db: Db,
  v: { tenantId: string; optionName: string; layer: string; userId: string | null; groupId: string | null; value: string },
): Promise<void> {
  await db
    .insert(settingValues)
    .values({ ...v, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [settingValues.tenantId, settingValues.optionName, settingValues.layer, settingValues.userId, settingValues.groupId],
      set: { value: v.value, updatedAt: new Date() },
    });
}

export async function deleteSettingValue(
  db: Db,
  v: { tenantId: string; optionName: string; layer: string; userId: string | null; groupId: string | null },
): Promise<void> {
  await db
    .delete(settingValues)
    .where(
      and(
        eq(settingValues.tenantId, v.tenantId),
        eq(settingValues.optionName, v.optionName),
        eq(settingValues.layer, v.layer),
        v.userId ? eq(settingValues.userId, v.userId) : isNull(settingValues.userId),
        v.groupId ? eq(settingValues.groupId, v.groupId) : isNull(settingValues.groupId),
      ),
    );
}

export async function groupExists(db: Db, tenantId: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, groupId)));
  return !!row;
}

/** One option's own (BENUTZER) values of several users, in one query. */
export async function loadUserValues(
  db: Db,
  tenantId: string,
  optionName: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: settingValues.userId, value: settingValues.value })
    .from(settingValues)
    .where(
      and(
        eq(settingValues.tenantId, tenantId),
        eq(settingValues.optionName, optionName),
        eq(settingValues.layer, 'BENUTZER'),
        inArray(settingValues.userId, [...userIds]),
      ),
    );
  return new Map(rows.map((r) => [r.userId!, r.value]));
}
