import type { Db } from '@db/client';
import { authAccount, authSession, groups, tenantSamlSignOn, tenantSingleSignOn, userGroups, users } from '@db/schema/index';
import { and, eq, ne, sql } from 'drizzle-orm';

/** A tenant's single sign-on provider and the people it signs in (decision 100). */

export interface SingleSignOnRecord {
  tenantId: string;
  providerName: string;
  issuerUrl: string;
  clientId: string;
  clientSecretEncrypted: string;
  emailClaim: string;
  defaultGroupId: string | null;
  passwordAllowed: boolean;
  updatedAt: Date;
}

export async function findSingleSignOn(db: Db, tenantId: string): Promise<SingleSignOnRecord | null> {
  const [row] = await db
    .select({
      tenantId: tenantSingleSignOn.tenantId,
      providerName: tenantSingleSignOn.providerName,
      issuerUrl: tenantSingleSignOn.issuerUrl,
      clientId: tenantSingleSignOn.clientId,
      clientSecretEncrypted: tenantSingleSignOn.clientSecretEncrypted,
      emailClaim: tenantSingleSignOn.emailClaim,
      defaultGroupId: tenantSingleSignOn.defaultGroupId,
      passwordAllowed: tenantSingleSignOn.passwordAllowed,
      updatedAt: tenantSingleSignOn.updatedAt,
    })
    .from(tenantSingleSignOn)
    .where(eq(tenantSingleSignOn.tenantId, tenantId));
  return row ?? null;
}

/**
 * Whether single sign-on people of the tenant may also use a password (or a
 * mailed code, or a passkey): the rule of whichever provider it has, OpenID
 * Connect or SAML (decision 232); null without one.
 */
export async function findPasswordRule(db: Db, tenantId: string): Promise<{ passwordAllowed: boolean } | null> {
  const [oidc] = await db
    .select({ passwordAllowed: tenantSingleSignOn.passwordAllowed })
    .from(tenantSingleSignOn)
    .where(eq(tenantSingleSignOn.tenantId, tenantId));
  if (oidc) return oidc;
  const [saml] = await db
    .select({ passwordAllowed: tenantSamlSignOn.passwordAllowed })
    .from(tenantSamlSignOn)
    .where(eq(tenantSamlSignOn.tenantId, tenantId));
  return saml ?? null;
}

export async function saveSingleSignOn(
  db: Db,
  tenantId: string,
  values: Omit<SingleSignOnRecord, 'tenantId' | 'updatedAt'>,
): Promise<void> {
  await db
    .insert(tenantSingleSignOn)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: tenantSingleSignOn.tenantId, set: { ...values, updatedAt: sql`now()` } });
}

export async function deleteSingleSignOn(db: Db, tenantId: string): Promise<boolean> {
  const rows = await db
    .delete(tenantSingleSignOn)
    .where(eq(tenantSingleSignOn.tenantId, tenantId))
    .returning({ id: tenantSingleSignOn.tenantId });
  return rows.length > 0;
}

export async function groupExists(db: Db, tenantId: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, groupId)));
  return row !== undefined;
}

export interface SingleSignOnMember {
  id: string;
  email: string;
  status: string;
  singleSignOn: boolean;
}

const memberColumns = { id: users.id, email: users.email, status: users.status, singleSignOn: users.singleSignOn };

export async function findMemberOfIdentity(db: Db, tenantId: string, authUserId: string): Promise<SingleSignOnMember | null> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.authUserId, authUserId)));
  return row ?? null;
}

export async function findMemberFlagByEmail(db: Db, tenantId: string, email: string): Promise<SingleSignOnMember | null> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.email}) = lower(${email})`));
  return row ?? null;
}

/** Just-in-time: the person the provider vouched for, flagged, in the tenant's default group when it still exists. */
export async function insertSingleSignOnMember(
  db: Db,
  tenantId: string,
  person: { authUserId: string; email: string; firstName: string; lastName: string },
  groupId: string | null,
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ tenantId, ...person, singleSignOn: true })
    .returning({ id: users.id });
  if (groupId && (await groupExists(db, tenantId, groupId))) await db.insert(userGroups).values({ tenantId, userId: row!.id, groupId });
  return row!.id;
}

/** Later sign-ins: name and address follow the provider's claims. */
export async function updateSingleSignOnMember(
  db: Db,
  tenantId: string,
  id: string,
  person: { email: string; firstName: string; lastName: string },
): Promise<void> {
  await db
    .update(users)
    .set({ ...person, singleSignOn: true })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
}

/*
 * Across tenants, outside any tenant transaction: an identity is global, and
 * whether it already belongs to another tenant decides if this tenant's
 * provider may sign it in.
 */

export async function otherTenantsOfIdentity(db: Db, authUserId: string, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.authUserId, authUserId), ne(users.tenantId, tenantId)));
  return row?.n ?? 0;
}

export async function hasPassword(db: Db, authUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authAccount.id })
    .from(authAccount)
    .where(and(eq(authAccount.userId, authUserId), eq(authAccount.providerId, 'credential')));
  return row !== undefined;
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(authSession).where(eq(authSession.token, token));
}
