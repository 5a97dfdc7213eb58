import { createHash, randomBytes } from 'node:crypto';

/**
 * Guest links carry 256 random bits (base64url, 43 characters); the database
 * keeps only their SHA-256, so a leaked table opens no booking (decision 050).
 * No salt is needed: the input is random and as long as the hash.
 */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
