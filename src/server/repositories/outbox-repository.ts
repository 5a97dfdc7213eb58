import type { Db } from '@db/client';
import { mailOutbox } from '@db/schema/index';
import { eq } from 'drizzle-orm';

export interface OutboxMail {
  tenantId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The booking's calendar event (text/calendar), attached when sent. */
  ics?: string | null;
}

export async function insertOutboxMail(db: Db, mail: OutboxMail): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row!.id;
}

export async function markOutboxMail(db: Db, id: string, result: { sent: true } | { sent: false; error: string }) {
  await db
    .update(mailOutbox)
    .set(result.sent ? { status: 'gesendet', sentAt: new Date(), error: null } : { status: 'fehler', error: result.error })
    .where(eq(mailOutbox.id, id));
}
