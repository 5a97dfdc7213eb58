import { randomUUID } from 'node:crypto';
import type { Db } from '@db/client';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { findOutboxMail, insertOutboxMail, type MailAttachment, markOutboxMail, type OutboxMail } from './outbox-repository';
import type { RenderedMail } from './render';
import { type MailBody, mailSealKey, openMailBody, sealMailBody } from './sealed-body';

/** A mail to send: what the recipient gets, and for a mail with secrets the body the outbox keeps instead. */
export type OutgoingMail = OutboxMail & Pick<RenderedMail, 'redacted'>;

export interface Mailer {
  /** Writes the mail to the outbox (secrets sealed), then sends it when SMTP is configured. Never throws for a failed send. */
  send(mail: OutgoingMail): Promise<{ id: string; sent: boolean }>;
  /** Sends a mail of the outbox again (after a failed delivery), with its attachments. Never throws for a failed send. */
  retry(id: string): Promise<{ sent: boolean }>;
  close(): void;
}

/** How the operator reads the undelivered mails with their secrets (`npm run operator -- mails`). */
export const OPERATOR_MAILS_HINT = 'npm run operator -- mails --sub <Mandant>';

const ICS_FILE = 'buchung.ics';

/**
 * How the booking's calendar text travels (decisions 090 and 217). An invitation (METHOD REQUEST or
 * CANCEL) goes as iMIP (RFC 6047): a `text/calendar; method=…` alternative beside text and HTML, which
 * Outlook, Google and Apple Mail file into the calendar, and the same text as `buchung.ics` for
 * clients that only offer attachments. A plain calendar file (PUBLISH) stays an attachment only. The
 * outbox keeps the text itself, so a retry sends the same parts.
 */
export function calendarParts(ics: string | null | undefined, files: readonly MailAttachment[]) {
  const attachments = files.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content }));
  if (!ics) return { attachments };
  const method = /^METHOD:([A-Z-]+)\r?$/m.exec(ics)?.[1] ?? 'PUBLISH';
  if (method === 'PUBLISH') {
    return {
      attachments: [...attachments, { filename: ICS_FILE, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
    };
  }
  return { attachments, icalEvent: { method, filename: ICS_FILE, content: ics } };
}

export function createMailer(opts: { db: Db; smtpUrl: string | null; from: string; log: Logger; appSecret: string }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const key = mailSealKey(opts.appSecret);
  const deliver = async (id: string, mail: OutboxMail): Promise<boolean> => {
    if (!transport) {
      // Never the body: it may carry a link with a token or a sign-in code (decision 190).
      opts.log.info(
        { mailId: id, tenantId: mail.tenantId, to: mail.to, subject: mail.subject },
        `Mail im Postausgang (kein SMTP_URL gesetzt); lesen mit ${OPERATOR_MAILS_HINT}`,
      );
      return false;
    }
    try {
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...calendarParts(mail.ics, mail.attachments ?? []),
      });
      await markOutboxMail(opts.db, id, { sent: true });
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      opts.log.error({ mailId: id, err: message }, 'Mail konnte nicht gesendet werden; sie bleibt im Postausgang');
      await markOutboxMail(opts.db, id, { sent: false, error: message });
      return false;
    }
  };
  return {
    async send({ redacted, ...mail }) {
      const id = randomUUID();
      await insertOutboxMail(opts.db, {
        id,
        ...mail,
        ...(redacted
          ? {
              text: redacted.text,
              html: redacted.html,
              sealedBody: sealMailBody(key, id, { text: mail.text, html: mail.html }),
              sealedUntil: redacted.until,
            }
          : { sealedBody: null, sealedUntil: null }),
      });
      return { id, sent: await deliver(id, mail) };
    },
    async retry(id) {
      const mail = await findOutboxMail(opts.db, id);
      if (!mail || mail.status === 'gesendet') return { sent: mail !== null };
      let body: MailBody = mail;
      if (mail.sealedBody) {
        // Past its secrets' life a mail would only carry placeholders: it stays undelivered.
        if (!mail.sealedUntil || mail.sealedUntil.getTime() <= Date.now()) return { sent: false };
        try {
          body = openMailBody(key, id, mail.sealedBody);
        } catch (err) {
          opts.log.error({ mailId: id, err: String(err) }, 'Versiegelter Mailtext lässt sich nicht öffnen (APP_SECRET geändert?)');
          return { sent: false };
        }
      }
      return { sent: await deliver(id, { ...mail, text: body.text, html: body.html }) };
    },
    close() {
      transport?.close();
    },
  };
}
