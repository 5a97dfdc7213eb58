import type { Db } from '@db/client';
import { PASSWORD_HOOKS } from '@db/password-hash';
import { authAccount, authSession, authTwoFactor, authUser, authVerification } from '@db/schema/index';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP, twoFactor } from 'better-auth/plugins';
import type { Config } from '../../config';
import { CLIENT_ADDRESS_HEADER } from '../../http/client-address';
import type { Mailer } from '../../kernel/mail/mailer';
import { emailConfirmationMail, invitationMail, passwordRecoveryMail, signInCodeMail } from '../../kernel/mail/templates';
import { authMailContext } from './mail-context';

export const SESSION_COOKIE_PREFIX = 'buchbar';
/** An e-mail sign-in code is valid this long and for this many tries. */
export const EMAIL_CODE_MINUTES = 10;
const EMAIL_CODE_TRIES = 3;
/** Sessions live 400 days (docs/product.md#sign-in-and-session). */
const SESSION_DAYS = 400;
// freshAge 0: sensitive changes re-authenticate with the password in the
// request itself (decision 085), not by the age of the session.
export const SESSION_OPTIONS = { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60, freshAge: 0 };
/**
 * Read back with every session: the tenant a single sign-on session belongs to
 * (decision 100), and whether a passkey with user verification opened it, which
 * counts as the second factor for admin rights (decision 169).
 */
export const SESSION_FIELDS = {
  ssoTenantId: { type: 'string', required: false, input: false },
  passkeyVerified: { type: 'boolean', required: false, input: false },
} as const;

/**
 * What every better-auth instance of Buchbar shares (the main one, the
 * per-address passkey ones, the per-tenant single sign-on ones): the same
 * tables, secret, session lifetime and cookie names, so a session opened by
 * any of them is one ordinary Buchbar session. Sign-in runs through our own
 * routes (tenant checks, generic errors, @fastify/rate-limit), so better-auth's
 * own rate limit stays off.
 */
export function commonAuthOptions(db: Db, config: Config, baseURL: string, tables: Record<string, unknown> = {}) {
  return {
    baseURL,
    basePath: '/api/auth',
    secret: config.appSecret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification, ...tables },
    }),
    rateLimit: { enabled: false },
    // Password-setting links (recovery and invitation) rest only as hashes, like guest tokens (decisions 050, 190):
    // a backup must not open accounts. Other identifiers (challenges, used TOTP codes) stay as they are.
    verification: { storeIdentifier: { default: 'plain' as const, overrides: { 'reset-password:': 'hashed' as const } } },
    session: { ...SESSION_OPTIONS, additionalFields: SESSION_FIELDS },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' as const, path: '/' },
      // The address a session was opened from, as the request's trusted proxy named it (http/client-address.ts);
      // in full (no IPv6 /64 collapsing), because it is shown to the person, not used as a key.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 128 },
    },
  };
}

export function createAuth(opts: { db: Db; config: Config; mailer: Mailer }) {
  const { config, mailer } = opts;
  return betterAuth({
    ...commonAuthOptions(opts.db, config, config.publicUrl, { twoFactor: authTwoFactor }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      // Our scrypt on the thread pool, one home for every hash (decision 189).
      password: PASSWORD_HOOKS,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const ctx = authMailContext.getStore();
        if (!ctx) return;
        const path = ctx.purpose === 'invitation' ? '/leseraum/passwort' : '/auth/recovery';
        const url = `${ctx.origin}${path}?token=${encodeURIComponent(token)}`;
        const render = ctx.purpose === 'invitation' ? invitationMail : passwordRecoveryMail;
        await mailer.send({
          tenantId: ctx.tenantId,
          to: user.email,
          ...render({ name: ctx.recipientName, tenantName: ctx.tenantName, url, locale: ctx.locale }),
        });
      },
    },
    plugins: [
      twoFactor({
        issuer: 'Buchbar',
        // Ten failed codes in a row lock the account's second factor for 15 minutes,
        // across sign-in challenges (the route limit counts per address on top).
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
        backupCodeOptions: { amount: 10, length: 10 },
        twoFactorCookieMaxAge: 10 * 60,
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: EMAIL_CODE_MINUTES * 60,
        allowedAttempts: EMAIL_CODE_TRIES,
        // Only people an admin created may sign in; a code never creates an identity.
        disableSignUp: true,
        storeOTP: 'hashed',
        async sendVerificationOTP({ email, otp, type }) {
          const ctx = authMailContext.getStore();
          if (!ctx || type !== 'sign-in' || ctx.purpose !== 'sign-in-code') return;
          await mailer.send({
            tenantId: ctx.tenantId,
            to: email,
            ...signInCodeMail({
              name: ctx.recipientName,
              tenantName: ctx.tenantName,
              code: otp,
              minutes: EMAIL_CODE_MINUTES,
              locale: ctx.locale,
            }),
          });
        },
      }),
    ],
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, token }) {
        const ctx = authMailContext.getStore();
        if (!ctx) return;
        const url = `${ctx.origin}/auth/confirm?token=${encodeURIComponent(token)}`;
        await mailer.send({
          tenantId: ctx.tenantId,
          to: user.email,
          ...emailConfirmationMail({ name: ctx.recipientName, tenantName: ctx.tenantName, url, locale: ctx.locale }),
        });
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
