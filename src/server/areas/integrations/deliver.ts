import { withTenant } from '@db/client';
import { signPayload } from '@domain/integration-crypto';
import { backoffDelayMs, deliveredStatus, MAX_ATTEMPTS, SIGNATURE_HEADER, shouldDisable } from '@domain/integrations';
import { membersWithPermission } from '@server/areas/people/public';
import type { Deps } from '@server/deps';
import { renderMail } from '@server/kernel/mail/render';
import {
  claimDue,
  countOutcome,
  type DueDelivery,
  disableSubscription,
  purgeDeliveries,
  recordAttempt,
  type SubscriptionRecord,
} from './integrations-repository';
import { DELIVERY_JOB } from './webhook-events';
import { decryptWebhookSecret } from './webhook-secret';

/** Deliveries taken at once; a receiver's answer never holds a transaction open. */
const BATCH = 10;
/** Rounds of one run, so a run that keeps finding new deliveries still ends. */
const ROUNDS = 20;

interface Outcome {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** One POST: signed body, no redirects followed, cut off after the timeout. */
async function post(d: DueDelivery, secret: string, timeoutMs: number, now: Date): Promise<Outcome> {
  const body = JSON.stringify(d.payload);
  const started = performance.now();
  try {
    const res = await fetch(d.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Buchbar-Webhooks/1',
        'buchbar-event': d.event,
        'buchbar-delivery': d.id,
        [SIGNATURE_HEADER.toLowerCase()]: signPayload(secret, body, Math.floor(now.getTime() / 1000)),
      },
      body,
    });
    await res.body?.cancel().catch(() => undefined);
    const durationMs = Math.round(performance.now() - started);
    const ok = deliveredStatus(res.status);
    return { ok, status: res.status, durationMs, error: ok ? null : `HTTP ${res.status}` };
  } catch (err) {
    const durationMs = Math.round(performance.now() - started);
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return {
      ok: false,
      status: null,
      durationMs,
      error: timedOut ? `Keine Antwort nach ${timeoutMs} ms` : `Nicht erreichbar${cause ? ` (${cause})` : ''}`,
    };
  }
}

/** The notice to the tenant's admins that a subscription was switched off. */
async function noticeDisabled(deps: Deps, tenantId: string, s: SubscriptionRecord): Promise<void> {
  const admins = await withTenant(deps.database.db, tenantId, (tx) => membersWithPermission(tx, tenantId, 'customizing_mandant_pflege'));
  const mail = renderMail(`Buchbar – Webhook „${s.name}“ abgeschaltet`, [
    `Der Webhook „${s.name}“ an ${s.url} wurde abgeschaltet, weil ${s.consecutiveFailures} Zustellungen nacheinander fehlgeschlagen sind.`,
    'Im Zustellprotokoll unter Verwaltung → Mandanten → Webhooks sehen Sie Antwortcodes und Fehler. Wenn der Empfänger wieder erreichbar ist, schalten Sie den Webhook dort wieder ein; ausstehende Zustellungen werden dann nachgeholt.',
  ]);
  for (const a of admins) await deps.mailer.send({ tenantId, to: a.email, ...mail });
}

/**
 * Sends a tenant's due deliveries (the job `webhook-deliveries`). A 2xx answer
 * delivers; anything else is tried again after the backoff of decision 213,
 * up to its last try; a subscription failing too often in a row is switched
 * off and its admins are told. Returns how many tries were made.
 */
export async function deliverDue(deps: Deps, tenantId: string, now = () => new Date()): Promise<number> {
  let tries = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const at = now();
    const due = await withTenant(deps.database.db, tenantId, (tx) => claimDue(tx, tenantId, at, BATCH, deps.config.webhookTimeoutMs * 3));
    if (due.length === 0) break;
    await Promise.all(
      due.map(async (d) => {
        const secret = decryptWebhookSecret(deps.config.appSecret, d.subscriptionId, d.secretEncrypted);
        const outcome = await post(d, secret, deps.config.webhookTimeoutMs, at);
        tries++;
        const attempts = d.attempts + 1;
        const finished = now();
        const status = outcome.ok ? 'zugestellt' : attempts >= MAX_ATTEMPTS ? 'aufgegeben' : 'offen';
        const next = new Date(finished.getTime() + (status === 'offen' ? backoffDelayMs(attempts, Math.random() * 2 - 1) : 0));
        const disabled = await withTenant(deps.database.db, tenantId, async (tx) => {
          await recordAttempt(tx, tenantId, d.id, {
            status,
            attempts,
            nextAttemptAt: next,
            responseStatus: outcome.status,
            durationMs: outcome.durationMs,
            error: outcome.error,
            at: finished,
          });
          const failures = await countOutcome(tx, tenantId, d.subscriptionId, outcome.ok);
          return shouldDisable(failures) ? disableSubscription(tx, tenantId, d.subscriptionId, finished) : null;
        });
        if (disabled) await noticeDisabled(deps, tenantId, disabled);
        else if (status === 'offen') await deps.jobs.send(DELIVERY_JOB, { tenantId }, { startAfter: next });
      }),
    );
  }
  return tries;
}

/** The delivery log keeps 30 days. */
export const DELIVERY_LOG_DAYS = 30;

export async function purgeDeliveryLog(deps: Deps, tenantId: string, now = new Date()): Promise<number> {
  return withTenant(deps.database.db, tenantId, (tx) =>
    purgeDeliveries(tx, tenantId, new Date(now.getTime() - DELIVERY_LOG_DAYS * 86_400_000)),
  );
}
