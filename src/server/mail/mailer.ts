import type { Db } from '@db/client';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { findOutboxMail, insertOutboxMail, markOutboxMail, type OutboxMail } from '../repositories/outbox-repository';

export interface Mailer {
  /** Writes the mail to the outbox, then sends it when SMTP is configured. Never throws for a failed send. */
  send(mail: OutboxMail): Promise<{ id: string; sent: boolean }>;
  /** Sends a mail of the outbox again (after a failed delivery), with its attachments. Never throws for a failed send. */
  retry(id: string): Promise<{ sent: boolean }>;
  close(): void;
}

export function createMailer(opts: { db: Db; smtpUrl: string | null; from: string; log: Logger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const deliver = async (id: string, mail: OutboxMail): Promise<boolean> => {
    if (!transport) {
      opts.log.info({ mailId: id, to: mail.to, subject: mail.subject, text: mail.text }, 'Mail im Postausgang (kein SMTP_URL gesetzt)');
      return false;
    }
    try {
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: [
          ...(mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
          ...(mail.ics
            ? [{ filename: 'buchung.ics', content: mail.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }]
            : []),
        ],
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
    async send(mail) {
      const id = await insertOutboxMail(opts.db, mail);
      return { id, sent: await deliver(id, mail) };
    },
    async retry(id) {
      const mail = await findOutboxMail(opts.db, id);
      if (!mail || mail.status === 'gesendet') return { sent: mail !== null };
      return { sent: await deliver(id, mail) };
    },
    close() {
      transport?.close();
    },
  };
}
