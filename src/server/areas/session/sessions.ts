import { type ClientName, clientName } from '@domain/client-name';
import { deleteSessionOfAuthUser, listSessionsOfAuthUser } from '@server/areas/session/auth-security-repository';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { sessionErrors } from './errors';

export interface OwnSession {
  id: string;
  userAgent: string | null;
  client: ClientName | null;
  ipAddress: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** The member's open sessions, newest use first; `current` marks the one of this request. Tokens never leave the server. */
export async function listOwnSessions(deps: Deps, user: UserContext, currentToken: string | undefined): Promise<OwnSession[]> {
  const rows = await listSessionsOfAuthUser(deps.database.db, user.member.authUserId);
  return rows.map((r) => ({
    id: r.id,
    userAgent: r.userAgent,
    client: clientName(r.userAgent),
    // better-auth stores '' when a request named no address.
    ipAddress: r.ipAddress || null,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.updatedAt.toISOString(),
    current: currentToken !== undefined && r.token === currentToken,
  }));
}

/**
 * Ends one of the member's own sessions. The delete bumps the auth change
 * version (migration 0004), so every node resolves that cookie afresh at its
 * next request and finds no session.
 */
export async function endOwnSession(deps: Deps, user: UserContext, sessionId: string): Promise<void> {
  if (!(await deleteSessionOfAuthUser(deps.database.db, user.member.authUserId, sessionId))) {
    throw sessionErrors.fail('not_found');
  }
}
