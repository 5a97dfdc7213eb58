import type { Db } from '@db/client';
import { authUser } from '@db/schema/index';
import { eq } from 'drizzle-orm';

export async function findAuthUser(db: Db, id: string) {
  const [row] = await db
    .select({ id: authUser.id, email: authUser.email, emailVerified: authUser.emailVerified, twoFactorEnabled: authUser.twoFactorEnabled })
    .from(authUser)
    .where(eq(authUser.id, id));
  return row ?? null;
}
