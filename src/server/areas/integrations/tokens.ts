import { randomBytes } from 'node:crypto';
import type { TokenDto } from '@contracts/integrations';
import { auditChanges } from '@domain/access-admin';
import { formatToken, hashToken } from '@domain/integration-crypto';
import { type TokenKind, type TokenProblem, tokenHint, tokenProblem } from '@domain/integrations';
import { hasAdminAccess } from '@domain/permissions';
import { endOfDay } from '@domain/vehicle-time';
import type { Deps } from '@server/deps';
import { audit, change, read } from '@server/kernel/admin-change';
import type { UserContext } from '@server/kernel/context';
import { integrationErrors } from './errors';
import { findToken, insertToken, listTokens, revokeToken, type TokenRecord } from './integrations-repository';

/**
 * API tokens (decision 213): a person's own, made in the profile, and the
 * tenant's, made under the tenant administration. The text is shown once, in
 * the answer to its creation; the database keeps its SHA-256 only.
 */

const PROBLEM_CODES = {
  nameMissing: 'token_name_missing',
  scopesMissing: 'token_scopes_missing',
  expiryPast: 'token_expiry_past',
  expiryTooFar: 'token_expiry_too_far',
} as const satisfies Record<TokenProblem, keyof typeof integrationErrors.entries>;

export function tokenDto(t: TokenRecord, now = new Date()): TokenDto {
  return {
    id: t.id,
    kind: t.kind,
    name: t.name,
    hint: t.hint,
    scopes: t.scopes,
    owner: t.ownerName,
    expiresAt: t.expiresAt.toISOString(),
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
    expired: t.expiresAt.getTime() <= now.getTime(),
  };
}

const auditShown = (t: { name: string; scopes: readonly string[]; expiresAt: Date; kind: TokenKind; revokedAt?: Date | null }) => ({
  name: t.name,
  art: t.kind === 'tenant' ? 'Mandant' : 'persönlich',
  geltungsbereiche: [...t.scopes].join(', '),
  gueltigBis: t.expiresAt.toISOString(),
  widerrufen: t.revokedAt ? t.revokedAt.toISOString() : null,
});

export async function createToken(
  deps: Deps,
  user: UserContext,
  kind: TokenKind,
  input: { name: string; scopes: string[]; expiresOn: string },
  now = new Date(),
): Promise<{ token: TokenDto; secret: string }> {
  const clean = { name: input.name.trim(), scopes: [...new Set(input.scopes)], expiresAt: endOfDay(input.expiresOn) };
  const problem = tokenProblem(clean, now);
  if (problem) throw integrationErrors.fail(PROBLEM_CODES[problem]);
  // A token never holds more than its person: admin only for someone who reaches the administration.
  if (clean.scopes.includes('admin') && !hasAdminAccess(user.permissions)) throw integrationErrors.fail('token_admin_scope');
  const secret = formatToken(randomBytes(32));
  const record = await change(deps, user, async (tx, tenantId) => {
    const saved = await insertToken(tx, tenantId, {
      kind,
      userId: user.member.id,
      name: clean.name,
      hint: tokenHint(secret),
      tokenHash: hashToken(secret),
      scopes: clean.scopes,
      expiresAt: clean.expiresAt,
    });
    // The trail names the token, never its text.
    await audit(tx, user, {
      action: 'anlegen',
      subjectType: 'api_token',
      subjectId: saved.id,
      subjectName: `${clean.name} (${saved.hint})`,
      changes: auditChanges({}, auditShown({ ...clean, kind })),
    });
    return saved;
  });
  return { token: tokenDto(record, now), secret };
}

export async function listOwnTokens(deps: Deps, user: UserContext) {
  const rows = await read(deps, user, (tx, tenantId) => listTokens(tx, tenantId, { kind: 'person', userId: user.member.id }));
  return { tokens: rows.map((t) => tokenDto(t)) };
}

export async function listTenantTokens(deps: Deps, user: UserContext) {
  const rows = await read(deps, user, (tx, tenantId) => listTokens(tx, tenantId, { kind: 'tenant' }));
  return { tokens: rows.map((t) => tokenDto(t)) };
}

/** Revokes a token of the given kind; a personal token only by its own person. Revoking twice answers as the first time. */
export async function revoke(deps: Deps, user: UserContext, kind: TokenKind, id: string, now = new Date()): Promise<TokenDto> {
  return change(deps, user, async (tx, tenantId) => {
    const before = await findToken(tx, tenantId, id);
    if (!before || before.kind !== kind || (kind === 'person' && before.userId !== user.member.id))
      throw integrationErrors.fail('token_not_found');
    if (await revokeToken(tx, tenantId, id, now)) {
      await audit(tx, user, {
        action: 'ändern',
        subjectType: 'api_token',
        subjectId: id,
        subjectName: `${before.name} (${before.hint})`,
        changes: auditChanges(auditShown(before), auditShown({ ...before, revokedAt: now })),
      });
    }
    return tokenDto((await findToken(tx, tenantId, id))!, now);
  });
}
