import type { Db } from '@db/client';
import { mailOutbox, mailOutboxAttachments } from '@db/schema/index';
import { asc, eq } from 'drizzle-orm';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutboxMail {
  tenantId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (logbook reports); stored with it so a retry sends them again. */
  attachments?: MailAttachment[];
  /** The booking's calendar event (text/calendar), attached when sent. */
  ics?: string | null;
}

export async function insertOutboxMail(db: Db, mail: OutboxMail): Promise<string> {
  const { attachments = [], ...fields } = mail;
  const [row] = await db.insert(mailOutbox).values(fields).returning({ id: mailOutbox.id });
  if (attachments.length > 0) {
    await db.insert(mailOutboxAttachments).values(attachments.map((a, position) => ({ mailId: row!.id, position, ...a })));
  }
  return row!.id;
}

/** A stored mail with its attachments, for a retry. */
export async function findOutboxMail(db: Db, id: string): Promise<(OutboxMail & { status: string }) | null> {
  const [m] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!m) return null;
  const files = await db
    .select()
    .from(mailOutboxAttachments)
    .where(eq(mailOutboxAttachments.mailId, id))
    .orderBy(asc(mailOutboxAttachments.position));
  return {
    tenantId: m.tenantId,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    status: m.status,
    ics: m.ics,
    attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, content: Buffer.from(f.content) })),
  };
}

export async function markOutboxMail(db: Db, id: string, result: { sent: true } | { sent: false; error: string }) {
  await db
    .update(mailOutbox)
    .set(result.sent ? { status: 'gesendet', sentAt: new Date(), error: null } : { status: 'fehler', error: result.error })
    .where(eq(mailOutbox.id, id));
}
