import type { UserContext } from '../../kernel/context';

/** A resolved sign-in without its tenant record (taken fresh from each request) and until when its session holds; cached in `Deps.caches`. */
export interface CachedSignIn {
  context: Omit<UserContext, 'tenant'>;
  expiresAt: number;
}
