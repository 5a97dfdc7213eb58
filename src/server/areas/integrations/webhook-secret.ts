import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A webhook's signing secret at rest: AES-256-GCM under a key derived from
 * APP_SECRET for this purpose alone, bound to the subscription's id, so a copy
 * of the database opens nothing and a secret moved to another row no longer opens.
 * (The mail outbox seals bodies the same way, decision 190.)
 */
const VERSION = 'v1';
const keyOf = (appSecret: string) => Buffer.from(hkdfSync('sha256', appSecret, 'buchbar', 'webhook_subscriptions.secret', 32));

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function encryptWebhookSecret(appSecret: string, subscriptionId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  cipher.setAAD(Buffer.from(subscriptionId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

export function decryptWebhookSecret(appSecret: string, subscriptionId: string, stored: string): string {
  const [version, payload] = stored.split('.');
  if (version !== VERSION || !payload) throw new Error('Unbekanntes Format des Webhook-Secrets');
  const bytes = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(subscriptionId));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
