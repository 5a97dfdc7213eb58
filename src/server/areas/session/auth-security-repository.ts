import type { Db } from '@db/client';
import { authSession, authTwoFactor, authUser, authVerification } from '@db/schema/index';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/*
 * Sessions and second factors of one identity. Global tables (like every
 * auth_* table); callers pass the identity of the signed-in member or of a
 * member of their own tenant, never one taken from input.
 */

export interface SessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
  token: string;
}

export function listSessionsOfAuthUser(db: Db, authUserId: string): Promise<SessionRow[]> {
  return db
    .select({
      id: authSession.id,
      userAgent: authSession.userAgent,
      ipAddress: authSession.ipAddress,
      createdAt: authSession.createdAt,
      updatedAt: authSession.updatedAt,
      token: authSession.token,
    })
    .from(authSession)
    .where(and(eq(authSession.userId, authUserId), gt(authSession.expiresAt, sql`now()`)))
    .orderBy(desc(authSession.updatedAt));
}

/** Ends one session of the identity; false when it is not theirs or gone already. */
export async function deleteSessionOfAuthUser(db: Db, authUserId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(authSession)
    .where(and(eq(authSession.id, sessionId), eq(authSession.userId, authUserId)))
    .returning({ id: authSession.id });
  return rows.length > 0;
}

/** Takes the second factor away (an admin's reset for a lost device): flag off, secret and recovery codes gone. */
export async function removeSecondFactor(db: Db, authUserId: string): Promise<void> {
  await db.delete(authTwoFactor).where(eq(authTwoFactor.userId, authUserId));
  await db.update(authUser).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(authUser.id, authUserId));
}

/**
 * Records that a TOTP code was used by an identity; false when it was used
 * already within its validity (a replay). better-auth accepts a code for its
 * whole window, so the once-only rule is kept here. A marker row per identity
 * and code under a unique index (migration 0017) decides races too.
 */
export async function markTotpCodeUsed(db: Db, authUserId: string, code: string, validSeconds: number): Promise<boolean> {
  const identifier = `totp-used:${authUserId}:${code}`;
  await db.delete(authVerification).where(and(eq(authVerification.identifier, identifier), lte(authVerification.expiresAt, sql`now()`)));
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into auth_verification (id, identifier, value, expires_at)
      values (${crypto.randomUUID()}, ${identifier}, 'used', now() + make_interval(secs => ${validSeconds}))
      on conflict (identifier) where identifier like 'totp-used:%' do nothing
      returning id`),
  );
  return rows.length > 0;
}

/**
 * Removes expired verification values: sign-in challenges nobody answered
 * (passkey, second factor), old codes and links, used-code markers past their
 * window. better-auth deletes an expired value only when it is looked up again.
 */
export async function deleteExpiredVerifications(db: Db): Promise<number> {
  const rows = await db.delete(authVerification).where(lte(authVerification.expiresAt, sql`now()`)).returning({ id: authVerification.id });
  return rows.length;
}
