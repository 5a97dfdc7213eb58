import {
  changePasswordRequest,
  confirmEmailRequest,
  emailCodeLoginRequest,
  emailCodeRequest,
  enrolmentConfirm,
  enrolmentStart,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  logoutResponse,
  me,
  okResponse,
  ownPasskey,
  passkeyIdParams,
  passkeyLoginRequest,
  passkeyRegistration,
  passkeyRename,
  passwordConfirmation,
  recoveryCodes,
  resetPasswordRequest,
  secondFactorLoginRequest,
  securityOverview,
  sessionIdParams,
  updateLocaleRequest,
  updateProfileRequest,
  webAuthnOptions,
} from '@contracts/session';
import { ACCOUNT_CODE_REQUEST_LIMIT, ACCOUNT_SIGN_IN_LIMIT } from '@domain/account-limits';
import { ACCESS } from '@domain/route-access';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requestOrigin, requireTenant, requireUser } from '../../http/request-context';
import { REDIRECT_COOKIE } from '../../plugins/spa';
import { saveSetting } from '../settings/public';
import type { TenantRecord } from '../tenant/public';
import { accountLimitHooks } from './account-limit';
import { signInTarget } from './after-sign-in';
import { EMAIL_CODE_SENT, requestEmailCode, signInWithEmailCode } from './email-code';
import { meOf } from './me';
import {
  finishPasskeyRegistration,
  listOwnPasskeys,
  removeOwnPasskey,
  renameOwnPasskey,
  signInWithPasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
} from './passkeys';
import { changePassword, confirmEmail, RECOVERY_SENT, requestRecovery, resetPassword, sendEmailConfirmation } from './passwords';
import { updateOwnProfile } from './profile';
import { sessionTokenOf } from './resolve-user';
import { startSamlLogout, startSamlSignOn, tenantHasSaml } from './saml-sign-on';
import { confirmEnrolment, disableSecondFactor, renewRecoveryCodes, startEnrolment, verifySecondFactor } from './second-factor';
import { endOwnSession, listOwnSessions } from './sessions';
import { signIn, signOut } from './sign-in';
import { finishSingleSignOn, startSingleSignOn } from './single-sign-on';

/**
 * Sign-in attempts per minute, counted per client address and e-mail: enough
 * for a person who mistypes, too few to guess a password. The address is the
 * one the trusted proxy names (TRUST_PROXY); the account limit below counts
 * per e-mail alone, for attackers with many addresses (decision 188).
 */
const SIGN_IN_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `${req.ip}|${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
};

/** Codes per minute and client address at the second sign-in step; better-auth locks the account on top. */
const CODE_LIMIT = { max: 10, timeWindow: '1 minute' };

/** Passes better-auth's Set-Cookie headers on. */
function setCookies(reply: { header(name: string, value: string): unknown }, cookies: readonly string[]) {
  for (const c of cookies) reply.header('set-cookie', c);
}

export const sessionRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const accountSignIns = accountLimitHooks(deps, ACCOUNT_SIGN_IN_LIMIT);
    const accountCodeRequests = accountLimitHooks(deps, ACCOUNT_CODE_REQUEST_LIMIT);

    /** Where a fresh session goes: a stored local redirect, else the start page. */
    async function afterSignIn(req: FastifyRequest, reply: FastifyReply, tenant: TenantRecord, cookies: string[]) {
      const target = await signInTarget(deps, tenant, req.headers, cookies, req.cookies[REDIRECT_COOKIE]);
      reply.clearCookie(REDIRECT_COOKIE, { path: '/' });
      return target;
    }

    app.post(
      '/api/session/login',
      {
        config: { access: ACCESS.public, rateLimit: SIGN_IN_LIMIT },
        ...accountSignIns,
        schema: { tags: ['session'], summary: 'Anmelden', body: loginRequest, response: { 200: loginResponse } },
      },
      async (req, reply) => {
        const tenant = requireTenant(req);
        const { cookies, secondFactor } = await signIn(deps, tenant, req.body, req.headers);
        setCookies(reply, cookies);
        if (secondFactor) return { redirectTo: '', secondFactor: true };
        return { redirectTo: await afterSignIn(req, reply, tenant, cookies) };
      },
    );

    app.post(
      '/api/session/login/code',
      {
        config: { access: ACCESS.public, rateLimit: CODE_LIMIT },
        schema: {
          tags: ['session'],
          summary: 'Anmelden, zweiter Schritt: Code aus der Authenticator-App oder Wiederherstellungscode',
          body: secondFactorLoginRequest,
          response: { 200: loginResponse },
        },
      },
      async (req, reply) => {
        const tenant = requireTenant(req);
        const cookies = await verifySecondFactor(deps, req.headers, req.body);
        setCookies(reply, cookies);
        return { redirectTo: await afterSignIn(req, reply, tenant, cookies) };
      },
    );

    app.post(
      '/api/session/email-code/request',
      {
        config: { access: ACCESS.public, rateLimit: { ...SIGN_IN_LIMIT, max: 5 } },
        ...accountCodeRequests,
        schema: { tags: ['session'], summary: 'Anmeldecode per E-Mail anfordern', body: emailCodeRequest, response: { 200: okResponse } },
      },
      async (req) => {
        await requestEmailCode(deps, requireTenant(req), requestOrigin(req), req.body.email);
        return { ok: true as const, message: EMAIL_CODE_SENT };
      },
    );

    app.post(
      '/api/session/email-code/login',
      {
        config: { access: ACCESS.public, rateLimit: SIGN_IN_LIMIT },
        ...accountSignIns,
        schema: {
          tags: ['session'],
          summary: 'Mit Code aus der E-Mail anmelden',
          body: emailCodeLoginRequest,
          response: { 200: loginResponse },
        },
      },
      async (req, reply) => {
        const tenant = requireTenant(req);
        const cookies = await signInWithEmailCode(deps, tenant, req.body, req.headers);
        setCookies(reply, cookies);
        return { redirectTo: await afterSignIn(req, reply, tenant, cookies) };
      },
    );

    // Single sign-on (decision 100): both are browser navigations and always answer with a redirect.
    app.get(
      '/api/session/sso/start',
      {
        // Many people behind one company proxy start their sign-in at the same hour (decision 232).
        config: { access: { kind: 'public' }, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags: ['session'], summary: 'Anmeldung über den Anbieter des Mandanten beginnen (Weiterleitung)', hide: true },
      },
      async (req, reply) => {
        const tenant = requireTenant(req);
        // The tenant's one provider: SAML (decision 232) or OpenID Connect (decision 100).
        const step = (await tenantHasSaml(deps, tenant.id))
          ? await startSamlSignOn(deps, tenant, requestOrigin(req), req.cookies[REDIRECT_COOKIE])
          : await startSingleSignOn(deps, tenant, requestOrigin(req), req.headers);
        setCookies(reply, step.cookies);
        return reply.redirect(step.location, 302);
      },
    );

    app.get(
      '/api/auth/callback/:id',
      {
        config: { access: { kind: 'public' }, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['session'],
          summary: 'Rückkehr vom Anbieter nach der Anmeldung (Weiterleitung)',
          hide: true,
          params: z.object({ id: z.string().max(100) }),
          querystring: z.record(z.string(), z.string()),
        },
      },
      async (req, reply) => {
        const tenant = requireTenant(req);
        const step = await finishSingleSignOn(deps, tenant, requestOrigin(req), req.params.id, req.query, req.headers);
        setCookies(reply, step.cookies);
        const target = step.ok ? await afterSignIn(req, reply, tenant, step.cookies) : step.location;
        return reply.redirect(target, 302);
      },
    );

    app.post(
      '/api/session/logout',
      { config: { access: ACCESS.public }, schema: { tags: ['session'], summary: 'Abmelden', response: { 200: logoutResponse } } },
      async (req, reply) => {
        // A session a SAML sign-in opened ends at the IdP too (single logout): its LogoutRequest is made before the session ends.
        const saml = req.tenant ? await startSamlLogout(deps, req.tenant, requestOrigin(req), req.headers) : null;
        for (const c of [...(saml?.cookies ?? []), ...(await signOut(deps, req.headers))]) reply.header('set-cookie', c);
        return saml ? { ok: true as const, next: saml.location } : { ok: true as const };
      },
    );

    app.get(
      '/api/session/me',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags: ['session'], summary: 'Angemeldeter Benutzer mit Rechten und Funktionen', response: { 200: me } },
      },
      async (req) => meOf(deps, await requireUser(deps, req)),
    );

    app.post(
      '/api/session/password/forgot',
      {
        config: { access: ACCESS.public, rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags: ['session'],
          summary: 'Link zum Zurücksetzen des Passworts anfordern',
          body: forgotPasswordRequest,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await requestRecovery(deps, requireTenant(req), requestOrigin(req), req.body.email);
        return { ok: true as const, message: RECOVERY_SENT };
      },
    );

    app.post(
      '/api/session/password/reset',
      {
        config: { access: ACCESS.public, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: { tags: ['session'], summary: 'Neues Passwort mit Link setzen', body: resetPasswordRequest, response: { 200: okResponse } },
      },
      async (req) => {
        requireTenant(req);
        await resetPassword(deps, req.body.token, req.body.password);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/session/password/change',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags: ['session'], summary: 'Passwort ändern', body: changePasswordRequest, response: { 200: okResponse } },
      },
      async (req, reply) => {
        await requireUser(deps, req);
        for (const c of await changePassword(deps, req.headers, req.body.currentPassword, req.body.newPassword))
          reply.header('set-cookie', c);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/session/email/confirm',
      {
        config: { access: ACCESS.public },
        schema: { tags: ['session'], summary: 'E-Mail-Adresse bestätigen', body: confirmEmailRequest, response: { 200: okResponse } },
      },
      async (req) => {
        requireTenant(req);
        await confirmEmail(deps, req.body.token);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/session/email/send-confirmation',
      {
        config: { access: ACCESS.signedIn, rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: { tags: ['session'], summary: 'Bestätigungs-E-Mail senden', response: { 200: okResponse } },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        await sendEmailConfirmation(deps, user.tenant, requestOrigin(req), user.member);
        return { ok: true as const, message: 'Die Bestätigungs-E-Mail ist unterwegs.' };
      },
    );

    app.patch(
      '/api/session/profile',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags: ['session'], summary: 'Eigene Stammdaten ändern', body: updateProfileRequest, response: { 200: okResponse } },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        await updateOwnProfile(deps, user, req.body);
        return { ok: true as const };
      },
    );

    app.put(
      '/api/session/locale',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags: ['session'], summary: 'Sprache wählen', body: updateLocaleRequest, response: { 200: okResponse } },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        await saveSetting(deps, user, { name: 'sprache', layer: 'BENUTZER', value: req.body.locale });
        return { ok: true as const };
      },
    );

    app.get(
      '/api/session/security',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags: ['session'], summary: 'Zweiter Faktor und offene Sitzungen', response: { 200: securityOverview } },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        return {
          twoFactorEnabled: user.twoFactorEnabled,
          sessions: await listOwnSessions(deps, user, sessionTokenOf(req.headers)),
          passkeys: await listOwnPasskeys(deps, user),
        };
      },
    );

    app.delete(
      '/api/session/sessions/:id',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags: ['session'], summary: 'Eine eigene Sitzung beenden', params: sessionIdParams, response: { 200: okResponse } },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        await endOwnSession(deps, user, req.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/session/two-factor/enrol',
      {
        config: { access: ACCESS.signedIn, rateLimit: CODE_LIMIT },
        schema: {
          tags: ['session'],
          summary: 'Zweiten Faktor einrichten (mit Passwort bestätigt): Schlüssel und Wiederherstellungscodes',
          body: passwordConfirmation,
          response: { 200: enrolmentStart },
        },
      },
      async (req) => {
        await requireUser(deps, req);
        return startEnrolment(deps, req.headers, req.body.password);
      },
    );

    app.post(
      '/api/session/two-factor/confirm',
      {
        config: { access: ACCESS.signedIn, rateLimit: CODE_LIMIT },
        schema: {
          tags: ['session'],
          summary: 'Zweiten Faktor mit dem ersten Code einschalten',
          body: enrolmentConfirm,
          response: { 200: okResponse },
        },
      },
      async (req, reply) => {
        const user = await requireUser(deps, req);
        setCookies(reply, await confirmEnrolment(deps, user, req.headers, req.body.code));
        return { ok: true as const };
      },
    );

    app.post(
      '/api/session/two-factor/disable',
      {
        config: { access: ACCESS.signedIn, rateLimit: CODE_LIMIT },
        schema: {
          tags: ['session'],
          summary: 'Zweiten Faktor entfernen (mit Passwort bestätigt)',
          body: passwordConfirmation,
          response: { 200: okResponse },
        },
      },
      async (req, reply) => {
        await requireUser(deps, req);
        setCookies(reply, await disableSecondFactor(deps, req.headers, req.body.password));
        return { ok: true as const };
      },
    );

    app.post(
      '/api/session/two-factor/recovery-codes',
      {
        config: { access: ACCESS.signedIn, rateLimit: CODE_LIMIT },
        schema: {
          tags: ['session'],
          summary: 'Neue Wiederherstellungscodes (mit Passwort bestätigt)',
          body: passwordConfirmation,
          response: { 200: recoveryCodes },
        },
      },
      async (req) => {
        await requireUser(deps, req);
        return { recoveryCodes: await renewRecoveryCodes(deps, req.headers, req.body.password) };
      },
    );
    // Passkeys (decision 145): sign-in on the request's address, and the own keys in the settings dialog.
    const SIGNED_IN = { kind: 'signedIn' } as const;
    const PUBLIC = { kind: 'public' } as const;

    app.post(
      '/api/session/passkey/options',
      {
        config: { access: PUBLIC, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: { tags: ['session'], summary: 'Mit Passkey anmelden, erster Schritt: Challenge', response: { 200: webAuthnOptions } },
      },
      async (req, reply) => {
        requireTenant(req);
        const { options, cookies } = await startPasskeySignIn(deps, requestOrigin(req), req.headers);
        setCookies(reply, cookies);
        return options;
      },
    );

    app.post(
      '/api/session/passkey/login',
      {
        config: { access: PUBLIC, rateLimit: SIGN_IN_LIMIT },
        schema: {
          tags: ['session'],
          summary: 'Mit Passkey anmelden, zweiter Schritt: Antwort des Authenticators',
          body: passkeyLoginRequest,
          response: { 200: loginResponse },
        },
      },
      async (req, reply) => {
        const tenant = requireTenant(req);
        const cookies = await signInWithPasskey(deps, tenant, requestOrigin(req), req.headers, req.body.response);
        setCookies(reply, cookies);
        return { redirectTo: await afterSignIn(req, reply, tenant, cookies) };
      },
    );

    app.post(
      '/api/session/passkeys/options',
      {
        config: { access: SIGNED_IN, rateLimit: CODE_LIMIT },
        schema: {
          tags: ['session'],
          summary: 'Passkey hinzufügen, erster Schritt (mit Passwort bestätigt): Challenge',
          body: passwordConfirmation,
          response: { 200: webAuthnOptions },
        },
      },
      async (req, reply) => {
        const user = await requireUser(deps, req);
        const { options, cookies } = await startPasskeyRegistration(deps, user, requestOrigin(req), req.headers, req.body.password);
        setCookies(reply, cookies);
        return options;
      },
    );

    app.post(
      '/api/session/passkeys',
      {
        config: { access: SIGNED_IN, rateLimit: CODE_LIMIT },
        schema: {
          tags: ['session'],
          summary: 'Passkey hinzufügen, zweiter Schritt: Antwort des Authenticators',
          body: passkeyRegistration,
          response: { 200: ownPasskey },
        },
      },
      async (req, reply) => {
        const user = await requireUser(deps, req);
        const { passkey, cookies } = await finishPasskeyRegistration(deps, user, requestOrigin(req), req.headers, req.body);
        setCookies(reply, cookies);
        return passkey;
      },
    );

    app.patch(
      '/api/session/passkeys/:id',
      {
        config: { access: SIGNED_IN, rateLimit: CODE_LIMIT },
        schema: {
          tags: ['session'],
          summary: 'Eigenen Passkey umbenennen (mit Passwort bestätigt)',
          params: passkeyIdParams,
          body: passkeyRename,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        await renameOwnPasskey(deps, user, req.headers, { id: req.params.id, ...req.body });
        return { ok: true as const };
      },
    );

    app.post(
      '/api/session/passkeys/:id/remove',
      {
        config: { access: SIGNED_IN, rateLimit: CODE_LIMIT },
        schema: {
          tags: ['session'],
          summary: 'Eigenen Passkey entfernen (mit Passwort bestätigt)',
          params: passkeyIdParams,
          body: passwordConfirmation,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        await removeOwnPasskey(deps, user, req.headers, { id: req.params.id, password: req.body.password });
        return { ok: true as const };
      },
    );
  };
