import { randomUUID } from 'node:crypto';
import type { DeliveryDto, WebhookDto } from '@contracts/integrations';
import { auditChanges } from '@domain/access-admin';
import { eventBeyondScope, type WebhookEvent, type WebhookUrlProblem, webhookUrlProblem } from '@domain/integrations';
import type { Deps } from '@server/deps';
import { audit, change, read } from '@server/kernel/admin-change';
import type { UserContext } from '@server/kernel/context';
import { integrationErrors } from './errors';
import {
  type DeliveryRecord,
  deleteSubscription,
  findSubscription,
  insertSubscription,
  listDeliveries,
  listSubscriptions,
  type SubscriptionRecord,
  updateSubscription,
} from './integrations-repository';
import { encryptWebhookSecret, newWebhookSecret } from './webhook-secret';

/**
 * A tenant's webhook subscriptions under the tenant administration
 * (customizing_mandant_pflege). The signing secret is made by Buchbar, shown
 * in the answer that made it and never again; every change is in the audit trail.
 */

const URL_CODES = {
  invalid: 'webhook_url_invalid',
  https: 'webhook_url_https',
  private: 'webhook_url_private',
  credentials: 'webhook_url_credentials',
} as const satisfies Record<WebhookUrlProblem, keyof typeof integrationErrors.entries>;

export function webhookDto(s: SubscriptionRecord): WebhookDto {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    events: s.events,
    scopes: s.scopes,
    active: s.active,
    consecutiveFailures: s.consecutiveFailures,
    disabledAt: s.disabledAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
  };
}

const deliveryDto = (d: DeliveryRecord): DeliveryDto => ({
  id: d.id,
  event: d.event,
  status: d.status as DeliveryDto['status'],
  attempts: d.attempts,
  nextAttemptAt: d.status === 'offen' ? d.nextAttemptAt.toISOString() : null,
  responseStatus: d.responseStatus,
  durationMs: d.durationMs,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});

function checked(deps: Deps, input: { name?: string; url?: string; events?: WebhookEvent[]; scopes?: string[] }) {
  const name = input.name?.trim();
  if (name !== undefined && name.length === 0) throw integrationErrors.fail('webhook_name_missing');
  const url = input.url?.trim();
  if (url !== undefined) {
    const problem = webhookUrlProblem(url, { production: deps.config.production });
    if (problem) throw integrationErrors.fail(URL_CODES[problem]);
  }
  const events = input.events ? [...new Set(input.events)] : undefined;
  if (events !== undefined && events.length === 0) throw integrationErrors.fail('webhook_events_missing');
  const scopes = input.scopes ? [...new Set(input.scopes)] : undefined;
  return { name, url, events, scopes };
}

function assertScopes(events: readonly WebhookEvent[], scopes: readonly string[]) {
  const beyond = eventBeyondScope(events, scopes);
  if (beyond) throw integrationErrors.fail('webhook_event_scope', { event: beyond });
}

const shown = (s: Pick<SubscriptionRecord, 'name' | 'url' | 'events' | 'scopes' | 'active'> | null, secret: string | null) => ({
  name: s?.name ?? null,
  adresse: s?.url ?? null,
  ereignisse: s ? s.events.join(', ') : null,
  geltungsbereiche: s ? s.scopes.join(', ') : null,
  aktiv: s ? s.active : null,
  secret,
});

export async function listWebhooks(deps: Deps, user: UserContext) {
  const rows = await read(deps, user, (tx, tenantId) => listSubscriptions(tx, tenantId));
  return { webhooks: rows.map(webhookDto) };
}

export async function createWebhook(
  deps: Deps,
  user: UserContext,
  input: { name: string; url: string; events: WebhookEvent[]; scopes: string[] },
): Promise<{ webhook: WebhookDto; secret: string }> {
  const clean = checked(deps, input);
  const scopes = clean.scopes!.length > 0 ? clean.scopes! : ['bookings:read'];
  assertScopes(clean.events!, scopes);
  const id = randomUUID();
  const secret = newWebhookSecret();
  const saved = await change(deps, user, async (tx, tenantId) => {
    const row = await insertSubscription(tx, tenantId, {
      id,
      name: clean.name!,
      url: clean.url!,
      events: clean.events!,
      scopes,
      secretEncrypted: encryptWebhookSecret(deps.config.appSecret, id, secret),
      createdBy: user.member.id,
    });
    // The secret itself never goes into the trail, only that one was made.
    await audit(tx, user, {
      action: 'anlegen',
      subjectType: 'webhook',
      subjectId: id,
      subjectName: row.name,
      changes: auditChanges({}, shown(row, 'neu')),
    });
    return row;
  });
  return { webhook: webhookDto(saved), secret };
}

export async function changeWebhook(
  deps: Deps,
  user: UserContext,
  id: string,
  input: { name?: string; url?: string; events?: WebhookEvent[]; scopes?: string[]; active?: boolean; newSecret?: boolean },
): Promise<{ webhook: WebhookDto; secret: string | null }> {
  const clean = checked(deps, input);
  const secret = input.newSecret ? newWebhookSecret() : null;
  const saved = await change(deps, user, async (tx, tenantId) => {
    const before = await findSubscription(tx, tenantId, id);
    if (!before) throw integrationErrors.fail('webhook_not_found');
    assertScopes((clean.events ?? before.events) as WebhookEvent[], clean.scopes ?? before.scopes);
    const after = await updateSubscription(tx, tenantId, id, {
      ...(clean.name !== undefined ? { name: clean.name } : {}),
      ...(clean.url !== undefined ? { url: clean.url } : {}),
      ...(clean.events !== undefined ? { events: clean.events } : {}),
      ...(clean.scopes !== undefined ? { scopes: clean.scopes } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(secret ? { secretEncrypted: encryptWebhookSecret(deps.config.appSecret, id, secret) } : {}),
    });
    await audit(tx, user, {
      action: 'ändern',
      subjectType: 'webhook',
      subjectId: id,
      subjectName: after!.name,
      changes: auditChanges(shown(before, 'gespeichert'), shown(after, secret ? 'neu' : 'gespeichert')),
    });
    return after!;
  });
  return { webhook: webhookDto(saved), secret };
}

export async function removeWebhook(deps: Deps, user: UserContext, id: string): Promise<void> {
  await change(deps, user, async (tx, tenantId) => {
    const before = await findSubscription(tx, tenantId, id);
    if (!before || !(await deleteSubscription(tx, tenantId, id))) throw integrationErrors.fail('webhook_not_found');
    await audit(tx, user, { action: 'löschen', subjectType: 'webhook', subjectId: id, subjectName: before.name, changes: [] });
  });
}

/** The last hundred deliveries of a subscription, newest first. */
export async function webhookDeliveries(deps: Deps, user: UserContext, id: string) {
  return read(deps, user, async (tx, tenantId) => {
    if (!(await findSubscription(tx, tenantId, id))) throw integrationErrors.fail('webhook_not_found');
    return { deliveries: (await listDeliveries(tx, tenantId, id, 100)).map(deliveryDto) };
  });
}
