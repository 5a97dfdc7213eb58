import type { IncomingHttpHeaders } from 'node:http';
import type { Db } from '@db/client';
import { betterAuth } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import type { Config } from '../../config';
import { commonAuthOptions } from './better-auth';

/**
 * Opens an ordinary Buchbar session for an identity whose password the
 * tenant's directory has just accepted by bind (decision 223). better-auth
 * checks passwords only against its own hashes, so a small instance over the
 * same tables, secret and cookie names carries one server-only endpoint that
 * creates the session and sets its cookie the way every other sign-in does.
 * Like a single sign-on session it counts on the tenant whose directory
 * vouched for the password only. The instance is never mounted on a route: only this module calls it.
 */
const directorySessionPlugin = {
  id: 'buchbar-directory-session',
  endpoints: {
    openDirectorySession: createAuthEndpoint(
      '/buchbar/directory-session',
      { method: 'POST', body: z.object({ userId: z.string(), tenantId: z.string() }), metadata: { SERVER_ONLY: true } },
      async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw new APIError('UNAUTHORIZED');
        const session = await ctx.context.internalAdapter.createSession(user.id, false, { ssoTenantId: ctx.body.tenantId });
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ ok: true, sessionId: session.id });
      },
    ),
  },
};

const createInstance = (db: Db, config: Config) =>
  betterAuth({ ...commonAuthOptions(db, config, config.publicUrl), plugins: [directorySessionPlugin] });

const instances = new WeakMap<Db, ReturnType<typeof createInstance>>();

/** The Set-Cookie headers of a fresh session for the identity. */
export async function openDirectorySession(
  db: Db,
  config: Config,
  tenantId: string,
  authUserId: string,
  headers: IncomingHttpHeaders,
): Promise<string[]> {
  return (await openSessionWithId(db, config, tenantId, authUserId, headers)).cookies;
}

/** The fresh session's id too, for a sign-in that keeps facts about it (SAML single logout, decision 232). */
export async function openSessionWithId(
  db: Db,
  config: Config,
  tenantId: string,
  authUserId: string,
  headers: IncomingHttpHeaders,
): Promise<{ cookies: string[]; sessionId: string }> {
  let auth = instances.get(db);
  if (!auth) {
    auth = createInstance(db, config);
    instances.set(db, auth);
  }
  const res = await auth.api.openDirectorySession({
    body: { userId: authUserId, tenantId },
    headers: fromNodeHeaders(headers),
    returnHeaders: true,
  });
  return { cookies: res.headers.getSetCookie(), sessionId: res.response.sessionId };
}
