import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The body of a mail with secrets, as the outbox keeps it until delivery or
 * expiry (decision 190): AES-256-GCM under a key derived from APP_SECRET, bound
 * to the mail's id, so a backup of the database alone opens nothing and a
 * sealed body moved to another row no longer opens.
 */
export interface MailBody {
  text: string;
  html: string;
}

export type SealKey = Buffer & { readonly __sealKey: unique symbol };

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A key of its own for the outbox: the same APP_SECRET signs sessions, and a key is never used for two purposes. */
export const mailSealKey = (appSecret: string): SealKey =>
  Buffer.from(hkdfSync('sha256', appSecret, 'buchbar', 'mail_outbox.sealed_body', 32)) as SealKey;

export function sealMailBody(key: SealKey, mailId: string, body: MailBody): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(mailId));
  const sealed = Buffer.concat([cipher.update(JSON.stringify({ t: body.text, h: body.html }), 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The body again; throws when the key is another (APP_SECRET changed) or the row was altered. */
export function openMailBody(key: SealKey, mailId: string, stored: string): MailBody {
  const [version, payload] = stored.split('.');
  if (version !== VERSION || !payload) throw new Error('Unbekanntes Format des versiegelten Mailtexts');
  const bytes = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(mailId));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  const { t, h } = JSON.parse(plain) as { t: string; h: string };
  return { text: t, html: h };
}
