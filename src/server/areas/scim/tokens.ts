import { randomBytes } from 'node:crypto';
import type { ScimTokenDto } from '@contracts/scim';
import { auditChanges } from '@domain/access-admin';
import { hashToken } from '@domain/integration-crypto';
import { SCIM_TOKEN_PREFIX, type ScimTokenProblem, scimTokenHint, scimTokenProblem } from '@domain/scim';
import { endOfDay } from '@domain/vehicle-time';
import type { Deps } from '@server/deps';
import { audit, change, read } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { scimAdminErrors } from './errors';
import { findScimToken, insertScimToken, listScimTokens, revokeScimToken, type ScimTokenRecord } from './scim-repository';

/**
 * The provisioning tokens under /admin/mandanten (decision 229): made and
 * revoked by tenant admins, the text shown once, its SHA-256 kept (the hash of
 * the API tokens, decision 213). Both steps are in the audit trail.
 */

const PROBLEM_CODES = {
  nameMissing: 'scim_token_name_missing',
  expiryPast: 'scim_token_expiry_past',
  expiryTooFar: 'scim_token_expiry_too_far',
} as const satisfies Record<ScimTokenProblem, keyof typeof scimAdminErrors.entries>;

export function scimTokenDto(t: ScimTokenRecord, now = new Date()): ScimTokenDto {
  return {
    id: t.id,
    name: t.name,
    hint: t.hint,
    createdBy: t.createdByName,
    expiresAt: t.expiresAt.toISOString(),
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
    expired: t.expiresAt.getTime() <= now.getTime(),
  };
}

const shown = (t: { name: string; expiresAt: Date; revokedAt?: Date | null }) => ({
  name: t.name,
  gueltigBis: t.expiresAt.toISOString(),
  widerrufen: t.revokedAt ? t.revokedAt.toISOString() : null,
});

export async function createScimToken(
  deps: Deps,
  user: UserContext,
  endpoint: string,
  input: { name: string; expiresOn: string },
  now = new Date(),
) {
  const clean = { name: input.name.trim(), expiresAt: endOfDay(input.expiresOn) };
  const problem = scimTokenProblem(clean, now);
  if (problem) throw scimAdminErrors.fail(PROBLEM_CODES[problem]);
  const secret = SCIM_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const record = await change(deps, user, async (tx, tenantId) => {
    const saved = await insertScimToken(tx, tenantId, {
      name: clean.name,
      hint: scimTokenHint(secret),
      tokenHash: hashToken(secret),
      createdByName: `${user.member.firstName} ${user.member.lastName}`,
      expiresAt: clean.expiresAt,
    });
    // The trail names the token, never its text.
    await audit(tx, user, {
      action: 'anlegen',
      subjectType: 'scim_token',
      subjectId: saved.id,
      subjectName: `${clean.name} (${saved.hint})`,
      changes: auditChanges({}, shown(clean)),
    });
    return saved;
  });
  return { endpoint, token: scimTokenDto(record, now), secret };
}

export async function listScimTokensOf(deps: Deps, user: UserContext, endpoint: string) {
  const rows = await read(deps, user, (tx, tenantId) => listScimTokens(tx, tenantId));
  return { endpoint, tokens: rows.map((t) => scimTokenDto(t)) };
}

/** Revoking twice answers as the first time; the token stops at once on every node (it is read on every request). */
export async function revokeScimTokenOf(deps: Deps, user: UserContext, id: string, now = new Date()): Promise<ScimTokenDto> {
  return change(deps, user, async (tx, tenantId) => {
    const before = await findScimToken(tx, tenantId, id);
    if (!before) throw scimAdminErrors.fail('scim_token_not_found');
    if (await revokeScimToken(tx, tenantId, id, now)) {
      await audit(tx, user, {
        action: 'ändern',
        subjectType: 'scim_token',
        subjectId: id,
        subjectName: `${before.name} (${before.hint})`,
        changes: auditChanges(shown(before), shown({ ...before, revokedAt: now })),
      });
    }
    return scimTokenDto((await findScimToken(tx, tenantId, id))!, now);
  });
}
