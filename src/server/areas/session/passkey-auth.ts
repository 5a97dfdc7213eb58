import { passkey } from '@better-auth/passkey';
import type { Db } from '@db/client';
import { PASSWORD_HOOKS } from '@db/password-hash';
import { authPasskey } from '@db/schema/index';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import type { Config } from '../../config';
import { commonAuthOptions } from './better-auth';

/**
 * One better-auth instance with the `passkey` plugin per address (decision
 * 145). The plugin fixes its relying party (RP ID and origin) when the instance
 * starts, but every tenant has its own domains: a passkey belongs to the domain
 * it was registered on, so each address gets a small instance over the same
 * tables, secret and cookie names as the main one. The session it opens is an
 * ordinary Buchbar session.
 */

const MAX_INSTANCES = 64;

function createInstance(db: Db, config: Config, origin: string) {
  return betterAuth({
    ...commonAuthOptions(db, config, origin, { passkey: authPasskey }),
    trustedOrigins: [origin],
    emailAndPassword: { enabled: true, minPasswordLength: 8, password: PASSWORD_HOOKS },
    // Only an assertion with user verification gets this far (afterVerification
    // below), so every session this instance opens stands for two factors.
    databaseHooks: {
      session: { create: { before: async (session) => ({ data: { ...session, passkeyVerified: true } }) } },
    },
    plugins: [
      passkey({
        rpID: new URL(origin).hostname,
        rpName: 'Buchbar',
        origin,
        // A discoverable key with user verification (PIN, fingerprint, face):
        // "Mit Passkey anmelden" needs no e-mail, and the key alone stands for
        // possession and knowledge, so no second factor is asked after it.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        authentication: {
          afterVerification: async ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) throw new APIError('UNAUTHORIZED', { message: 'user not verified' });
          },
        },
      }),
    ],
  });
}

type PasskeyAuth = ReturnType<typeof createInstance>;
const instances = new WeakMap<Db, Map<string, PasskeyAuth>>();

/** The instance whose relying party is the given address (scheme, host and port of the request). */
export function passkeyAuth(db: Db, config: Config, origin: string): PasskeyAuth {
  const cache = instances.get(db) ?? new Map<string, PasskeyAuth>();
  instances.set(db, cache);
  let found = cache.get(origin);
  if (!found) {
    if (cache.size >= MAX_INSTANCES) cache.delete(cache.keys().next().value!);
    found = createInstance(db, config, origin);
    cache.set(origin, found);
  }
  return found;
}
