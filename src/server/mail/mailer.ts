import type { Db } from '@db/client';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { insertOutboxMail, markOutboxMail, type OutboxMail } from '../repositories/outbox-repository';

export interface Mailer {
  /** Writes the mail to the outbox, then sends it when SMTP is configured. Never throws for a failed send. */
  send(mail: OutboxMail): Promise<{ id: string; sent: boolean }>;
  close(): void;
}

export function createMailer(opts: { db: Db; smtpUrl: string | null; from: string; log: Logger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const id = await insertOutboxMail(opts.db, mail);
      if (!transport) {
        opts.log.info({ mailId: id, to: mail.to, subject: mail.subject, text: mail.text }, 'Mail im Postausgang (kein SMTP_URL gesetzt)');
        return { id, sent: false };
      }
      try {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.ics
            ? [{ filename: 'buchung.ics', content: mail.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }]
            : undefined,
        });
        await markOutboxMail(opts.db, id, { sent: true });
        return { id, sent: true };
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        opts.log.error({ mailId: id, err: message }, 'Mail konnte nicht gesendet werden; sie bleibt im Postausgang');
        await markOutboxMail(opts.db, id, { sent: false, error: message });
        return { id, sent: false };
      }
    },
    close() {
      transport?.close();
    },
  };
}
