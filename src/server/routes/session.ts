import {
  changePasswordRequest,
  confirmEmailRequest,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  me,
  okResponse,
  resetPasswordRequest,
  updateLocaleRequest,
  updateProfileRequest,
} from '@contracts/session';
import { withTenant } from '@db/client';
import { startPath } from '@domain/navigation';
import { hasAdminAccess } from '@domain/permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../deps';
import { requestOrigin, requireTenant, requireUser } from '../http/request-context';
import { REDIRECT_COOKIE } from '../plugins/spa';
import type { UserContext } from '../services/context';
import {
  changePassword,
  confirmEmail,
  RECOVERY_SENT,
  requestRecovery,
  resetPassword,
  sendEmailConfirmation,
} from '../services/session/passwords';
import { updateOwnProfile } from '../services/session/profile';
import { resolveUser } from '../services/session/resolve-user';
import { signIn, signOut } from '../services/session/sign-in';
import { effectiveSetting } from '../services/settings/effective-settings';
import { saveSetting } from '../services/settings/save-setting';

/**
 * Sign-in attempts per minute, counted per client address and e-mail: enough
 * for a person who mistypes, too few to guess a password.
 */
const SIGN_IN_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `${req.ip}|${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
};

async function startPathOf(deps: Deps, user: UserContext) {
  const setting = await withTenant(deps.database.db, user.tenant.id, (tx) =>
    effectiveSetting(tx, user.tenant.id, user.member.id, 'startseite'),
  );
  return startPath(user.permissions, new Set(user.tenant.features), typeof setting === 'string' ? setting : null);
}

/** A stored redirect is followed only when it is a local path, never to another site. */
const safeRedirect = (p: string | undefined) => (p?.startsWith('/') && !p.startsWith('//') && !p.startsWith('/login') ? p : null);

export const sessionRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/session/login',
      {
        config: { rateLimit: SIGN_IN_LIMIT },
        schema: { tags: ['session'], summary: 'Anmelden', body: loginRequest, response: { 200: loginResponse } },
      },
      async (req, reply) => {
        const tenant = requireTenant(req);
        const cookies = await signIn(deps, tenant, req.body, req.headers);
        for (const c of cookies) reply.header('set-cookie', c);
        // Resolve the new session as the next request will, to compute where to go.
        const token = cookies.map((c) => c.split(';')[0]).join('; ');
        const user = await resolveUser(deps, tenant, { ...req.headers, cookie: token });
        const target = safeRedirect(req.cookies[REDIRECT_COOKIE]) ?? (user ? await startPathOf(deps, user) : '/');
        reply.clearCookie(REDIRECT_COOKIE, { path: '/' });
        return { redirectTo: target };
      },
    );

    app.post(
      '/api/session/logout',
      { schema: { tags: ['session'], summary: 'Abmelden', response: { 200: okResponse } } },
      async (req, reply) => {
        for (const c of await signOut(deps, req.headers)) reply.header('set-cookie', c);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/session/me',
      { schema: { tags: ['session'], summary: 'Angemeldeter Benutzer mit Rechten und Funktionen', response: { 200: me } } },
      async (req) => {
        const user = await requireUser(deps, req);
        return {
          user: {
            id: user.member.id,
            firstName: user.member.firstName,
            lastName: user.member.lastName,
            email: user.member.email,
            emailVerified: user.emailVerified,
            employeeId: user.member.employeeId,
            department: user.member.department,
          },
          tenant: { id: user.tenant.id, name: user.tenant.name },
          permissions: [...user.permissions].sort(),
          features: user.tenant.features,
          isAdmin: hasAdminAccess(user.permissions),
          locale: user.locale,
          startPath: await startPathOf(deps, user),
        };
      },
    );

    app.post(
      '/api/session/password/forgot',
      {
        config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
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
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
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
      { schema: { tags: ['session'], summary: 'Passwort ändern', body: changePasswordRequest, response: { 200: okResponse } } },
      async (req, reply) => {
        await requireUser(deps, req);
        for (const c of await changePassword(deps, req.headers, req.body.currentPassword, req.body.newPassword))
          reply.header('set-cookie', c);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/session/email/confirm',
      { schema: { tags: ['session'], summary: 'E-Mail-Adresse bestätigen', body: confirmEmailRequest, response: { 200: okResponse } } },
      async (req) => {
        requireTenant(req);
        await confirmEmail(deps, req.body.token);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/session/email/send-confirmation',
      {
        config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
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
      { schema: { tags: ['session'], summary: 'Eigene Stammdaten ändern', body: updateProfileRequest, response: { 200: okResponse } } },
      async (req) => {
        const user = await requireUser(deps, req);
        await updateOwnProfile(deps, user, req.body);
        return { ok: true as const };
      },
    );

    app.put(
      '/api/session/locale',
      { schema: { tags: ['session'], summary: 'Sprache wählen', body: updateLocaleRequest, response: { 200: okResponse } } },
      async (req) => {
        const user = await requireUser(deps, req);
        await saveSetting(deps, user, { name: 'sprache', layer: 'BENUTZER', value: req.body.locale });
        return { ok: true as const };
      },
    );
  };
