import { randomUUID } from 'node:crypto';
import type { Db } from '@db/client';
import { BUS_TOPICS, type EventFacts, shapePayload, webhookEventOf } from '@domain/integrations';
import type { Deps } from '@server/deps';
import type { BusEvent } from '@server/realtime/event-bus';
import { bookingFacts, damageFacts, insertDeliveries, personFacts, subscribersOf } from './integrations-repository';

export const DELIVERY_JOB = 'webhook-deliveries';

function factsOf(tx: Db, event: BusEvent): Promise<EventFacts | null> {
  if (event.topic === BUS_TOPICS.damages) return damageFacts(tx, event.tenantId, event.id);
  if (event.topic === BUS_TOPICS.people) return personFacts(tx, event.tenantId, event.id);
  return bookingFacts(tx, event.tenantId, event.topic === BUS_TOPICS.vehicleBookings ? 'fahrzeug' : 'platz', event.id);
}

/**
 * The one place where the product's changes become webhook deliveries: every
 * event published on the realtime bus passes here inside its own transaction,
 * so a delivery exists exactly when the change committed. One indexed look-up
 * when nobody subscribed; the payload is shaped per subscription's scopes.
 */
export async function recordWebhookDeliveries(tx: Db, event: BusEvent, now = new Date()): Promise<void> {
  const name = webhookEventOf(event);
  if (!name) return;
  const subscribers = await subscribersOf(tx, event.tenantId, name);
  if (subscribers.length === 0) return;
  const facts = await factsOf(tx, event);
  if (!facts) return;
  const head = { id: randomUUID(), event: name, occurredAt: now, tenant: event.tenantId };
  await insertDeliveries(
    tx,
    event.tenantId,
    subscribers.map((s) => ({ subscriptionId: s.id, event: name, payload: shapePayload(head, facts, s.scopes) })),
    now,
  );
}

/**
 * After the commit (every node hears it): ask the queue to send the tenant's
 * due deliveries. One pending job per tenant; without a running queue the
 * sending runs in this process after the request.
 */
export function kickDeliveries(deps: Deps, event: BusEvent): void {
  if (!webhookEventOf(event)) return;
  const payload = { tenantId: event.tenantId };
  const sent = deps.jobs.isStarted()
    ? deps.jobs.send(DELIVERY_JOB, payload, { singletonKey: event.tenantId })
    : deps.jobs.sendOrRunHere(DELIVERY_JOB, payload);
  void Promise.resolve(sent).catch((err) => deps.log.warn({ err }, 'Webhook-Zustellung nicht angestoßen'));
}
