import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '@db/client';
import { type PersonFromClaims, personFromClaims, providerIdOf } from '@domain/single-sign-on';
import type { SingleSignOnRecord } from '@server/areas/session/single-sign-on-repository';
import { otherTenantsOfIdentity } from '@server/areas/session/single-sign-on-repository';
import { betterAuth } from 'better-auth';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { genericOAuth } from 'better-auth/plugins';
import type { Config } from '../../config';
import { commonAuthOptions } from './better-auth';

/**
 * One better-auth instance with the `genericOAuth` plugin per tenant, address
 * and version of the tenant's provider settings (decision 100). genericOAuth
 * registers its providers once, when an instance starts; a tenant admin changes
 * them at any time, on any node. So each configuration gets its own small
 * instance over the same tables, secret and cookie names as the main one: the
 * session it opens is an ordinary Buchbar session. A changed configuration has
 * a new `updated_at` and therefore a new instance; old ones fall out of the cache.
 */

/** The claims of the sign-in in progress, read back by the session service after the callback. */
export const signInClaims = new AsyncLocalStorage<{ person: PersonFromClaims | null }>();

const MAX_INSTANCES = 64;

export const encryptClientSecret = (config: Config, secret: string) => symmetricEncrypt({ key: config.appSecret, data: secret });
const decryptClientSecret = (config: Config, stored: string) => symmetricDecrypt({ key: config.appSecret, data: stored });

/** The discovery document of an issuer (OpenID Connect Discovery 1.0 §4). */
export const discoveryUrlOf = (issuer: string) => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

async function createInstance(db: Db, config: Config, origin: string, sso: SingleSignOnRecord) {
  const providerId = providerIdOf(sso.tenantId);
  const clientSecret = await decryptClientSecret(config, sso.clientSecretEncrypted);
  return betterAuth({
    ...commonAuthOptions(db, config, origin),
    trustedOrigins: [origin],
    // The tenant's admin chose this provider: an address it vouches for may
    // join an existing identity of this tenant (the hook below keeps other
    // tenants' identities out).
    account: { accountLinking: { enabled: true, trustedProviders: [providerId] } },
    databaseHooks: {
      session: {
        create: { before: async (session) => ({ data: { ...session, ssoTenantId: sso.tenantId } }) },
      },
      account: {
        create: {
          // An identity that already belongs to another tenant is never taken
          // over by this tenant's provider: its admin could otherwise vouch for
          // any address and reach that person's other tenants.
          before: async (account) => {
            if (account.providerId === providerId && (await otherTenantsOfIdentity(db, account.userId, sso.tenantId)) > 0) return false;
          },
        },
      },
    },
    plugins: [
      genericOAuth({
        config: [
          {
            providerId,
            name: sso.providerName,
            discoveryUrl: discoveryUrlOf(sso.issuerUrl),
            clientId: sso.clientId,
            clientSecret,
            scopes: ['openid', 'email', 'profile'],
            pkce: true,
            overrideUserInfo: true,
            mapProfileToUser: (profile) => {
              const person = personFromClaims(profile as Record<string, unknown>, sso.emailClaim);
              const holder = signInClaims.getStore();
              if (holder) holder.person = person;
              if (!person) return { email: '' };
              const name = `${person.firstName} ${person.lastName}`.trim();
              return { email: person.email, name, emailVerified: true };
            },
          },
        ],
      }),
    ],
  });
}

type SingleSignOnAuth = Awaited<ReturnType<typeof createInstance>>;
const instances = new WeakMap<Db, Map<string, Promise<SingleSignOnAuth>>>();

/** The instance for a tenant's current configuration on the address the sign-in started from. */
export function singleSignOnAuth(db: Db, config: Config, origin: string, sso: SingleSignOnRecord): Promise<SingleSignOnAuth> {
  const cache = instances.get(db) ?? new Map<string, Promise<SingleSignOnAuth>>();
  instances.set(db, cache);
  const key = `${sso.tenantId}|${origin}|${sso.updatedAt.getTime()}`;
  let found = cache.get(key);
  if (!found) {
    for (const k of cache.keys()) if (k.startsWith(`${sso.tenantId}|${origin}|`)) cache.delete(k);
    if (cache.size >= MAX_INSTANCES) cache.delete(cache.keys().next().value!);
    found = createInstance(db, config, origin, sso);
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
}
