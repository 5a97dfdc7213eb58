import type { Db } from '@db/client';
import { mailOutbox, mailOutboxAttachments } from '@db/schema/index';
import { and, asc, desc, eq, isNotNull, lt, ne } from 'drizzle-orm';

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

/** A mail as the outbox keeps it: `text` and `html` without secrets, the real body sealed until delivery or expiry. */
export interface StoredMail extends OutboxMail {
  id: string;
  sealedBody: string | null;
  sealedUntil: Date | null;
}

export async function insertOutboxMail(db: Db, mail: StoredMail): Promise<void> {
  const { attachments = [], ...fields } = mail;
  await db.insert(mailOutbox).values(fields);
  if (attachments.length > 0) {
    await db.insert(mailOutboxAttachments).values(attachments.map((a, position) => ({ mailId: mail.id, position, ...a })));
  }
}

/** A stored mail with its attachments, for a retry. */
export async function findOutboxMail(db: Db, id: string): Promise<(StoredMail & { status: string }) | null> {
  const [m] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!m) return null;
  const files = await db
    .select()
    .from(mailOutboxAttachments)
    .where(eq(mailOutboxAttachments.mailId, id))
    .orderBy(asc(mailOutboxAttachments.position));
  return {
    id: m.id,
    tenantId: m.tenantId,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    status: m.status,
    ics: m.ics,
    sealedBody: m.sealedBody,
    sealedUntil: m.sealedUntil,
    attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, content: Buffer.from(f.content) })),
  };
}

/** A delivered mail keeps no secret, not even sealed; a failed one keeps its sealed body for the next try. */
export async function markOutboxMail(db: Db, id: string, result: { sent: true } | { sent: false; error: string }) {
  await db
    .update(mailOutbox)
    .set(
      result.sent
        ? { status: 'gesendet', sentAt: new Date(), error: null, sealedBody: null, sealedUntil: null }
        : { status: 'fehler', error: result.error },
    )
    .where(eq(mailOutbox.id, id));
}

/** Drops the sealed bodies whose secrets no longer work; the mails stay with their placeholders. */
export async function dropExpiredSealedBodies(db: Db, now: Date): Promise<number> {
  const dropped = await db
    .update(mailOutbox)
    .set({ sealedBody: null, sealedUntil: null })
    .where(and(isNotNull(mailOutbox.sealedBody), lt(mailOutbox.sealedUntil, now)))
    .returning({ id: mailOutbox.id });
  return dropped.length;
}

export interface UndeliveredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  error: string | null;
  createdAt: Date;
  sealedBody: string | null;
  sealedUntil: Date | null;
}

/** A tenant's newest mails that were not delivered (no SMTP, or a failed send), for the operator. */
export async function findUndeliveredMails(db: Db, tenantId: string, limit: number): Promise<UndeliveredMail[]> {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      status: mailOutbox.status,
      error: mailOutbox.error,
      createdAt: mailOutbox.createdAt,
      sealedBody: mailOutbox.sealedBody,
      sealedUntil: mailOutbox.sealedUntil,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.tenantId, tenantId), ne(mailOutbox.status, 'gesendet')))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
