import type { Db } from '@db/client';
import { authPasskey } from '@db/schema/index';
import { and, asc, eq } from 'drizzle-orm';

/*
 * Passkeys of one identity (decision 145). Global table like every auth_*
 * table; callers pass the identity of the signed-in member, never one taken
 * from input. The ceremonies themselves are better-auth's passkey plugin.
 */

export interface PasskeyRow {
  id: string;
  name: string | null;
  createdAt: Date | null;
  aaguid: string | null;
}

const columns = { id: authPasskey.id, name: authPasskey.name, createdAt: authPasskey.createdAt, aaguid: authPasskey.aaguid };

export function listPasskeysOf(db: Db, authUserId: string): Promise<PasskeyRow[]> {
  return db
    .select(columns)
    .from(authPasskey)
    .where(eq(authPasskey.userId, authUserId))
    .orderBy(asc(authPasskey.createdAt), asc(authPasskey.id));
}

export async function findPasskeyOf(db: Db, authUserId: string, id: string): Promise<PasskeyRow | null> {
  const [row] = await db
    .select(columns)
    .from(authPasskey)
    .where(and(eq(authPasskey.id, id), eq(authPasskey.userId, authUserId)));
  return row ?? null;
}

/** The identity a credential (the id the authenticator answers with) belongs to. */
export async function ownerOfCredential(db: Db, credentialId: string): Promise<string | null> {
  const [row] = await db.select({ userId: authPasskey.userId }).from(authPasskey).where(eq(authPasskey.credentialID, credentialId));
  return row?.userId ?? null;
}

export async function renamePasskeyOf(db: Db, authUserId: string, id: string, name: string): Promise<boolean> {
  const rows = await db
    .update(authPasskey)
    .set({ name })
    .where(and(eq(authPasskey.id, id), eq(authPasskey.userId, authUserId)))
    .returning({ id: authPasskey.id });
  return rows.length > 0;
}

export async function deletePasskeyOf(db: Db, authUserId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(authPasskey)
    .where(and(eq(authPasskey.id, id), eq(authPasskey.userId, authUserId)))
    .returning({ id: authPasskey.id });
  return rows.length > 0;
}
