import type { Db } from '@db/client';
import { authAccount, authSession, samlAssertionUses, samlSessions, tenantSamlSignOn, tenantSingleSignOn } from '@db/schema/index';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';

/** A tenant's SAML identity provider, the assertions its ACS has accepted, and the identities it vouches for (decision 232). */

export interface SamlSignOnRecord {
  tenantId: string;
  providerName: string;
  idpEntityId: string;
  idpSsoUrl: string;
  idpSloUrl: string | null;
  idpCertificates: string[];
  emailAttribute: string;
  firstNameAttribute: string;
  lastNameAttribute: string;
  defaultGroupId: string | null;
  passwordAllowed: boolean;
  createUnknown: boolean;
  updatedAt: Date;
}

export async function findSamlSignOn(db: Db, tenantId: string): Promise<SamlSignOnRecord | null> {
  const [row] = await db
    .select({
      tenantId: tenantSamlSignOn.tenantId,
      providerName: tenantSamlSignOn.providerName,
      idpEntityId: tenantSamlSignOn.idpEntityId,
      idpSsoUrl: tenantSamlSignOn.idpSsoUrl,
      idpSloUrl: tenantSamlSignOn.idpSloUrl,
      idpCertificates: tenantSamlSignOn.idpCertificates,
      emailAttribute: tenantSamlSignOn.emailAttribute,
      firstNameAttribute: tenantSamlSignOn.firstNameAttribute,
      lastNameAttribute: tenantSamlSignOn.lastNameAttribute,
      defaultGroupId: tenantSamlSignOn.defaultGroupId,
      passwordAllowed: tenantSamlSignOn.passwordAllowed,
      createUnknown: tenantSamlSignOn.createUnknown,
      updatedAt: tenantSamlSignOn.updatedAt,
    })
    .from(tenantSamlSignOn)
    .where(eq(tenantSamlSignOn.tenantId, tenantId));
  return row ?? null;
}

export async function saveSamlSignOn(db: Db, tenantId: string, values: Omit<SamlSignOnRecord, 'tenantId' | 'updatedAt'>): Promise<void> {
  await db
    .insert(tenantSamlSignOn)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: tenantSamlSignOn.tenantId, set: { ...values, updatedAt: sql`now()` } });
}

export async function deleteSamlSignOn(db: Db, tenantId: string): Promise<boolean> {
  const rows = await db
    .delete(tenantSamlSignOn)
    .where(eq(tenantSamlSignOn.tenantId, tenantId))
    .returning({ id: tenantSamlSignOn.tenantId });
  return rows.length > 0;
}

/** A tenant has one provider: choosing SAML ends the OpenID Connect one (and the other way round). */
export async function deleteOpenIdSignOn(db: Db, tenantId: string): Promise<string | null> {
  const rows = await db
    .delete(tenantSingleSignOn)
    .where(eq(tenantSingleSignOn.tenantId, tenantId))
    .returning({ name: tenantSingleSignOn.providerName });
  return rows[0]?.name ?? null;
}

/**
 * Marks an assertion id used; false when it already was (a replay). Expired
 * marks of the tenant are dropped on the way, so the table stays small.
 */
export async function useAssertionOnce(db: Db, tenantId: string, assertionHash: string, expiresAt: Date): Promise<boolean> {
  await db.delete(samlAssertionUses).where(and(eq(samlAssertionUses.tenantId, tenantId), lt(samlAssertionUses.expiresAt, sql`now()`)));
  const rows = await db
    .insert(samlAssertionUses)
    .values({ tenantId, assertionHash, expiresAt })
    .onConflictDoNothing()
    .returning({ hash: samlAssertionUses.assertionHash });
  return rows.length > 0;
}

/*
 * Identities, outside any tenant transaction (they are global): the IdP's
 * subject (NameID) is kept as an account of the provider `saml-<tenant id>`,
 * so the same subject finds the same identity even when its address changes.
 */

export async function findIdentityOfSubject(db: Db, providerId: string, subject: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: authAccount.userId })
    .from(authAccount)
    .where(and(eq(authAccount.providerId, providerId), eq(authAccount.accountId, subject)));
  return row?.userId ?? null;
}

export async function linkSubject(db: Db, id: string, providerId: string, subject: string, authUserId: string): Promise<void> {
  await db.insert(authAccount).values({ id, providerId, accountId: subject, userId: authUserId });
}

/** What the assertion that opened a session said of its subject: the LogoutRequest to the IdP names it. */
export interface SamlSessionRecord {
  sessionId: string;
  nameId: string;
  nameIdFormat: string | null;
  sessionIndex: string | null;
}

const samlSessionColumns = {
  sessionId: samlSessions.sessionId,
  nameId: samlSessions.nameId,
  nameIdFormat: samlSessions.nameIdFormat,
  sessionIndex: samlSessions.sessionIndex,
};

export async function recordSamlSession(db: Db, tenantId: string, values: SamlSessionRecord): Promise<void> {
  await db.insert(samlSessions).values({ tenantId, ...values });
}

/** The SAML facts of the session with this token, when a SAML sign-in of this tenant opened it. */
export async function findSamlSessionByToken(db: Db, tenantId: string, token: string): Promise<SamlSessionRecord | null> {
  const [row] = await db
    .select(samlSessionColumns)
    .from(samlSessions)
    .innerJoin(authSession, eq(authSession.id, samlSessions.sessionId))
    .where(and(eq(samlSessions.tenantId, tenantId), eq(authSession.token, token)));
  return row ?? null;
}

export async function samlSessionsOfSubject(db: Db, tenantId: string, nameId: string): Promise<SamlSessionRecord[]> {
  return db
    .select(samlSessionColumns)
    .from(samlSessions)
    .where(and(eq(samlSessions.tenantId, tenantId), eq(samlSessions.nameId, nameId)));
}

/** Ends Buchbar sessions (their SAML rows go with them); only sessions this tenant's SAML sign-in opened are passed in. */
export async function endSessions(db: Db, sessionIds: readonly string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await db
    .delete(authSession)
    .where(inArray(authSession.id, [...sessionIds]))
    .returning({ id: authSession.id });
  return rows.length;
}
