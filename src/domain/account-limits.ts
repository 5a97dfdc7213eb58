import { AppError, type Texts } from './errors';

/**
 * Limits keyed by the account (tenant and e-mail address) alone, on top of the
 * per-address limits of the sign-in routes (decision 188). An attacker who
 * comes from many addresses still gets only this many tries at one account.
 * `countsSuccess: false` counts an attempt up front and gives it back when it
 * succeeded, so only failures add up, and parallel attempts cannot all slip
 * through before the first failure is written.
 */
export interface AccountLimit {
  bucket: string;
  max: number;
  windowSeconds: number;
  countsSuccess: boolean;
  code: string;
  /** The refusal in both languages. */
  texts: Texts;
}

/** Failed sign-ins (password or mailed code) per account: a person who mistypes never gets near it. */
export const ACCOUNT_SIGN_IN_LIMIT: AccountLimit = {
  bucket: 'account-sign-in',
  max: 20,
  windowSeconds: 15 * 60,
  countsSuccess: false,
  code: 'account_sign_in_limited',
  texts: {
    de: 'Zu viele fehlgeschlagene Anmeldungen mit dieser E-Mail-Adresse. Bitte warten Sie 15 Minuten und versuchen Sie es erneut.',
    en: 'Too many failed sign-ins with this e-mail address. Please wait 15 minutes and try again.',
  },
};

/** Mailed sign-in codes per account: each request sends a mail to that address. */
export const ACCOUNT_CODE_REQUEST_LIMIT: AccountLimit = {
  bucket: 'account-email-code',
  max: 10,
  windowSeconds: 60 * 60,
  countsSuccess: true,
  code: 'account_code_limited',
  texts: {
    de: 'Für diese E-Mail-Adresse wurden zu viele Anmeldecodes angefordert. Bitte warten Sie eine Stunde und versuchen Sie es erneut.',
    en: 'Too many sign-in codes were requested for this e-mail address. Please wait an hour and try again.',
  },
};

/** One spelling per account, however the address was typed. */
export const accountOf = (tenant: string, email: string): string => `${tenant}|${email.trim().toLowerCase()}`;

/** `hits` counts this attempt; past the limit the attempt is refused before anything is checked. */
export function assertAccountAttemptAllowed(hits: number, limit: AccountLimit): void {
  if (hits > limit.max) throw new AppError(limit.code, limit.texts, 429);
}
