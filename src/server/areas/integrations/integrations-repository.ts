import type { Db } from '@db/client';
import { apiTokens, users, webhookDeliveries, webhookSubscriptions } from '@db/schema/index';
import type { EventFacts, TokenKind, WebhookEvent } from '@domain/integrations';
import { rowsOf } from '@server/kernel/rows';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';

/** Every read and write of API tokens, webhook subscriptions and their deliveries; always inside the tenant's transaction. */

// ---------------------------------------------------------------- tokens

export interface TokenRecord {
  id: string;
  kind: TokenKind;
  userId: string;
  ownerName: string;
  name: string;
  hint: string;
  scopes: string[];
  expiresAt: Date;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** The owner's sign-in identity; null for a person without an account. */
  authUserId: string | null;
}

const tokenColumns = {
  id: apiTokens.id,
  kind: apiTokens.kind,
  userId: apiTokens.userId,
  ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  name: apiTokens.name,
  hint: apiTokens.hint,
  scopes: apiTokens.scopes,
  expiresAt: apiTokens.expiresAt,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  authUserId: users.authUserId,
};

const tokenFrom = (db: Db) =>
  db
    .select(tokenColumns)
    .from(apiTokens)
    .innerJoin(users, and(eq(users.tenantId, apiTokens.tenantId), eq(users.id, apiTokens.userId)));

export async function insertToken(
  db: Db,
  tenantId: string,
  t: { kind: TokenKind; userId: string; name: string; hint: string; tokenHash: string; scopes: string[]; expiresAt: Date },
): Promise<TokenRecord> {
  const [row] = await db
    .insert(apiTokens)
    .values({ tenantId, ...t })
    .returning({ id: apiTokens.id });
  return (await findToken(db, tenantId, row!.id))!;
}

export async function findToken(db: Db, tenantId: string, id: string): Promise<TokenRecord | null> {
  const [row] = await tokenFrom(db).where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, id)));
  return (row as TokenRecord | undefined) ?? null;
}

/** A person's own tokens, or all tenant tokens; newest first, revoked ones too (the list shows them as revoked). */
export async function listTokens(db: Db, tenantId: string, of: { kind: 'person'; userId: string } | { kind: 'tenant' }) {
  const rows = await tokenFrom(db)
    .where(
      and(
        eq(apiTokens.tenantId, tenantId),
        eq(apiTokens.kind, of.kind),
        of.kind === 'person' ? eq(apiTokens.userId, of.userId) : undefined,
      ),
    )
    .orderBy(desc(apiTokens.createdAt));
  return rows as TokenRecord[];
}

export async function findTokenByHash(db: Db, tenantId: string, tokenHash: string): Promise<TokenRecord | null> {
  const [row] = await tokenFrom(db).where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.tokenHash, tokenHash)));
  return (row as TokenRecord | undefined) ?? null;
}

export async function revokeToken(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const r = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return r.length > 0;
}

export async function touchToken(db: Db, tenantId: string, id: string, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, id)));
}

// ---------------------------------------------------------------- subscriptions

export interface SubscriptionRecord {
  id: string;
  name: string;
  url: string;
  events: string[];
  scopes: string[];
  secretEncrypted: string;
  active: boolean;
  consecutiveFailures: number;
  disabledAt: Date | null;
  createdAt: Date;
}

const subscriptionColumns = {
  id: webhookSubscriptions.id,
  name: webhookSubscriptions.name,
  url: webhookSubscriptions.url,
  events: webhookSubscriptions.events,
  scopes: webhookSubscriptions.scopes,
  secretEncrypted: webhookSubscriptions.secretEncrypted,
  active: webhookSubscriptions.active,
  consecutiveFailures: webhookSubscriptions.consecutiveFailures,
  disabledAt: webhookSubscriptions.disabledAt,
  createdAt: webhookSubscriptions.createdAt,
};

export async function insertSubscription(
  db: Db,
  tenantId: string,
  s: { id: string; name: string; url: string; events: string[]; scopes: string[]; secretEncrypted: string; createdBy: string },
): Promise<SubscriptionRecord> {
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({ tenantId, ...s })
    .returning(subscriptionColumns);
  return row!;
}

export async function listSubscriptions(db: Db, tenantId: string): Promise<SubscriptionRecord[]> {
  return db
    .select(subscriptionColumns)
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.tenantId, tenantId))
    .orderBy(webhookSubscriptions.name);
}

export async function findSubscription(db: Db, tenantId: string, id: string): Promise<SubscriptionRecord | null> {
  const [row] = await db
    .select(subscriptionColumns)
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, id)));
  return row ?? null;
}

export async function updateSubscription(
  db: Db,
  tenantId: string,
  id: string,
  s: Partial<Pick<SubscriptionRecord, 'name' | 'url' | 'events' | 'scopes' | 'active' | 'secretEncrypted'>>,
): Promise<SubscriptionRecord | null> {
  // Switching a subscription on again starts its count of failures afresh.
  const reset = s.active === true ? { consecutiveFailures: 0, disabledAt: null } : {};
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ ...s, ...reset })
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, id)))
    .returning(subscriptionColumns);
  return row ?? null;
}

export async function deleteSubscription(db: Db, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, id)))
    .returning({ id: webhookSubscriptions.id });
  return r.length > 0;
}

/** The active subscriptions of an event: one indexed look-up per announced change. */
export async function subscribersOf(db: Db, tenantId: string, event: WebhookEvent) {
  return db
    .select({ id: webhookSubscriptions.id, scopes: webhookSubscriptions.scopes })
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.tenantId, tenantId),
        eq(webhookSubscriptions.active, true),
        sql`${event} = any(${webhookSubscriptions.events})`,
      ),
    );
}

// ---------------------------------------------------------------- what an event tells

const iso = (d: Date | string) => new Date(d).toISOString();

/** The facts of a vehicle or seat booking; the person is the driver or the person the seat is for. */
export async function bookingFacts(db: Db, tenantId: string, kind: 'fahrzeug' | 'platz', id: string): Promise<EventFacts | null> {
  const [row] =
    kind === 'fahrzeug'
      ? rowsOf<FactRow>(
          await db.execute(sql`
            select b.id::text, b.status, b.von, b.bis, v.id::text as object_id,
                   trim(coalesce(v.brand, '') || ' ' || coalesce(v.model, '') || ' (' || coalesce(v.license_plate, '') || ')') as object_name,
                   u.id::text as person_id, u.first_name || ' ' || u.last_name as person_name, u.email as person_email
              from vehicle_bookings b
              join vehicles v on v.tenant_id = b.tenant_id and v.id = b.vehicle_id
              left join users u on u.tenant_id = b.tenant_id and u.id = coalesce(b.driver_id, b.booked_by_id)
             where b.tenant_id = ${tenantId} and b.id = ${id}`),
        )
      : rowsOf<FactRow>(
          await db.execute(sql`
            select b.id::text, b.status, b.von, b.bis, r.id::text as object_id, r.designation as object_name,
                   u.id::text as person_id, u.first_name || ' ' || u.last_name as person_name, u.email as person_email
              from reading_room_bookings b
              join reading_rooms r on r.tenant_id = b.tenant_id and r.id = b.reading_room_id
              left join users u on u.tenant_id = b.tenant_id and u.id = coalesce(b.confirming_id, b.booker_id)
             where b.tenant_id = ${tenantId} and b.id = ${id}`),
        );
  if (!row) return null;
  return {
    booking: {
      id: row.id,
      kind,
      status: row.status,
      from: iso(row.von),
      to: iso(row.bis),
      objectId: row.object_id,
      objectName: row.object_name,
    },
    ...(row.person_id ? { person: { id: row.person_id, name: row.person_name!, email: row.person_email! } } : {}),
  };
}

interface FactRow {
  id: string;
  status: string;
  von: Date | string;
  bis: Date | string;
  object_id: string;
  object_name: string;
  person_id: string | null;
  person_name: string | null;
  person_email: string | null;
}

export async function damageFacts(db: Db, tenantId: string, id: string): Promise<EventFacts | null> {
  const [row] = rowsOf<{
    id: string;
    vehicle_id: string;
    vehicle_name: string;
    description: string;
    reported_at: Date | string;
    person_id: string | null;
    person_name: string | null;
    person_email: string | null;
  }>(
    await db.execute(sql`
      select d.id::text, v.id::text as vehicle_id,
             trim(coalesce(v.brand, '') || ' ' || coalesce(v.model, '') || ' (' || coalesce(v.license_plate, '') || ')') as vehicle_name,
             d.description, d.reported_at, u.id::text as person_id, u.first_name || ' ' || u.last_name as person_name, u.email as person_email
        from vehicle_damages d
        join vehicles v on v.tenant_id = d.tenant_id and v.id = d.vehicle_id
        left join users u on u.tenant_id = d.tenant_id and u.id = d.reported_by_id
       where d.tenant_id = ${tenantId} and d.id = ${id}`),
  );
  if (!row) return null;
  return {
    damage: {
      id: row.id,
      vehicleId: row.vehicle_id,
      vehicleName: row.vehicle_name,
      description: row.description,
      reportedAt: iso(row.reported_at),
    },
    ...(row.person_id ? { person: { id: row.person_id, name: row.person_name!, email: row.person_email! } } : {}),
  };
}

export async function personFacts(db: Db, tenantId: string, id: string): Promise<EventFacts | null> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row ? { person: { id: row.id, name: `${row.firstName} ${row.lastName}`, email: row.email } } : null;
}

// ---------------------------------------------------------------- deliveries

export async function insertDeliveries(
  db: Db,
  tenantId: string,
  rows: { subscriptionId: string; event: string; payload: unknown }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  // Due from the app's clock, the one claimDue compares with: the database's now() is its transaction's start
  // on the database server's clock, which a node's clock need not match.
  await db.insert(webhookDeliveries).values(rows.map((r) => ({ tenantId, ...r, createdAt: now, nextAttemptAt: now })));
}

export interface DueDelivery {
  id: string;
  subscriptionId: string;
  event: string;
  payload: unknown;
  attempts: number;
  url: string;
  secretEncrypted: string;
}

/**
 * Takes the due deliveries of active subscriptions for `lockMs` (committed at
 * once, so no transaction stays open while a receiver answers); a second node
 * skips what one already holds, and a node that dies lets them go when the hold ends.
 */
export async function claimDue(db: Db, tenantId: string, now: Date, limit: number, lockMs: number): Promise<DueDelivery[]> {
  return rowsOf<{
    id: string;
    subscription_id: string;
    event: string;
    payload: unknown;
    attempts: number;
    url: string;
    secret_encrypted: string;
  }>(
    await db.execute(sql`
      with due as (
        select d.tenant_id, d.id from webhook_deliveries d
          join webhook_subscriptions s on s.tenant_id = d.tenant_id and s.id = d.subscription_id and s.active
         where d.tenant_id = ${tenantId} and d.status = 'offen' and d.next_attempt_at <= ${now}
           and (d.locked_until is null or d.locked_until <= ${now})
         order by d.next_attempt_at
         limit ${limit}
         for update of d skip locked)
      update webhook_deliveries w set locked_until = ${new Date(now.getTime() + lockMs)}
        from due, webhook_subscriptions s
       where w.tenant_id = due.tenant_id and w.id = due.id and s.tenant_id = w.tenant_id and s.id = w.subscription_id
      returning w.id::text, w.subscription_id::text, w.event, w.payload, w.attempts, s.url, s.secret_encrypted`),
  ).map((r) => ({
    id: r.id,
    subscriptionId: r.subscription_id,
    event: r.event,
    payload: r.payload,
    attempts: r.attempts,
    url: r.url,
    secretEncrypted: r.secret_encrypted,
  }));
}

export async function recordAttempt(
  db: Db,
  tenantId: string,
  id: string,
  a: {
    status: 'offen' | 'zugestellt' | 'aufgegeben';
    attempts: number;
    nextAttemptAt: Date;
    responseStatus: number | null;
    durationMs: number;
    error: string | null;
    at: Date;
  },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: a.status,
      attempts: a.attempts,
      nextAttemptAt: a.nextAttemptAt,
      lockedUntil: null,
      responseStatus: a.responseStatus,
      durationMs: a.durationMs,
      lastError: a.error,
      ...(a.status === 'zugestellt' ? { deliveredAt: a.at } : {}),
    })
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)));
}

/** Counts a try against its subscription: a success clears the count, a failure raises it; returns the new count. */
export async function countOutcome(db: Db, tenantId: string, subscriptionId: string, ok: boolean): Promise<number> {
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ consecutiveFailures: ok ? 0 : sql`${webhookSubscriptions.consecutiveFailures} + 1` })
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, subscriptionId)))
    .returning({ n: webhookSubscriptions.consecutiveFailures });
  return row?.n ?? 0;
}

/** Switches a subscription off once; true only for the call that did it (one notice to the admins). */
export async function disableSubscription(db: Db, tenantId: string, id: string, now: Date): Promise<SubscriptionRecord | null> {
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ active: false, disabledAt: now })
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.active, true)))
    .returning(subscriptionColumns);
  return row ?? null;
}

export interface DeliveryRecord {
  id: string;
  subscriptionId: string;
  event: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  responseStatus: number | null;
  durationMs: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export async function listDeliveries(db: Db, tenantId: string, subscriptionId: string, limit: number): Promise<DeliveryRecord[]> {
  return db
    .select({
      id: webhookDeliveries.id,
      subscriptionId: webhookDeliveries.subscriptionId,
      event: webhookDeliveries.event,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      responseStatus: webhookDeliveries.responseStatus,
      durationMs: webhookDeliveries.durationMs,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      deliveredAt: webhookDeliveries.deliveredAt,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.subscriptionId, subscriptionId)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
}

/** Deliveries finished longer ago than the log keeps them. */
export async function purgeDeliveries(db: Db, tenantId: string, before: Date): Promise<number> {
  const r = await db.execute(sql`
    delete from webhook_deliveries where tenant_id = ${tenantId} and status <> 'offen' and created_at < ${before}`);
  return (r as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
}
