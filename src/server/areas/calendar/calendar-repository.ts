import type { Db } from '@db/client';
import { calendarFeeds, tenants } from '@db/schema/index';
import { and, eq, sql } from 'drizzle-orm';
import { type ChangeSubject, stampOf } from '../../kernel/change-version-repository';
import { rowsOf } from '../../kernel/rows';

/** Calendar subscriptions and the bookings a person's feed lists. Always tenant-scoped. */

/**
 * Everything a poll needs before the cache can answer, in one statement: the
 * token's owner, whether they are active, and the change versions the cached
 * text is checked against (as `changeStamp` writes them). Null for an unknown token.
 */
export async function findFeedOwnerStamp(
  db: Db,
  tenantId: string,
  tokenHash: string,
  subjects: readonly ChangeSubject[],
): Promise<{ userId: string; active: boolean; stamp: string; versions: ReadonlyMap<string, string> } | null> {
  const [row] = rowsOf<{ user_id: string; active: boolean; versions: [string, string][] | string | null }>(
    await db.execute(sql`
      select f.user_id::text as user_id, u.status = 'aktiv' as active,
             (select json_agg(json_build_array(c.subject, c.version::text)) from change_versions c
               where c.tenant_id = ${tenantId} and c.subject = any(${`{${subjects.join(',')}}`}::text[])) as versions
        from calendar_feeds f
        join users u on u.tenant_id = f.tenant_id and u.id = f.user_id
       where f.tenant_id = ${tenantId} and f.token_hash = ${tokenHash}`),
  );
  if (!row) return null;
  const versions = typeof row.versions === 'string' ? (JSON.parse(row.versions) as [string, string][]) : (row.versions ?? []);
  const byName = new Map(versions);
  return { userId: row.user_id, active: row.active === true, stamp: stampOf(subjects, byName), versions: byName };
}

export async function hasFeed(db: Db, tenantId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tenantId, tenantId), eq(calendarFeeds.userId, userId)));
  return row?.createdAt ?? null;
}

/** One subscription per person: a new token replaces the old one, which stops working at once. */
export async function upsertFeed(db: Db, tenantId: string, userId: string, tokenHash: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ tenantId, userId, tokenHash })
    .onConflictDoUpdate({ target: [calendarFeeds.tenantId, calendarFeeds.userId], set: { tokenHash, createdAt: new Date() } });
}

export async function deleteFeed(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(and(eq(calendarFeeds.tenantId, tenantId), eq(calendarFeeds.userId, userId)));
}

export interface FeedRow {
  kind: 'fahrzeug' | 'platz';
  id: string;
  von: Date;
  bis: Date;
  status: string;
  /** Vehicle label or seat/room designation. */
  object: string;
  /** Plate (vehicle) or floor plan (seat). */
  detail: string;
  /** Location (vehicle) or area (seat: leseraum/arbeitswelt). */
  place: string;
  /** Who booked, when it is someone else. */
  bookedFor: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The row's change counter (decision 200). */
  revision: number;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/**
 * The version of what a booking's event shows, as far as its own row and
 * (for vehicles) the vehicle and location tell: the rows' `xmin`, the
 * transaction that wrote that version of the row. Any change of the row
 * writes a new version with a new `xmin`; the same version reads the same on
 * every node. Names of seats, plans and people are not in it: the caller
 * checks those against the change versions of `reading_rooms` and `people`.
 * One definition for the narrow and the full read.
 */
const VEHICLE_VERSION = sql.raw(`b.xmin::text || ':' || v.xmin::text || ':' || coalesce(l.xmin::text, '')`);
const SEAT_VERSION = sql.raw('rb.xmin::text');

const vehicleWhere = (tenantId: string, userId: string, s: string) =>
  sql`b.tenant_id = ${tenantId} and b.type = 'BUCHUNG' and (b.driver_id = ${userId} or b.booked_by_id = ${userId}) and b.bis >= ${s}::timestamptz`;
const seatWhere = (tenantId: string, userId: string, s: string) =>
  sql`rb.tenant_id = ${tenantId} and (rb.booker_id = ${userId} or rb.confirming_id = ${userId}) and rb.bis >= ${s}::timestamptz`;

/** Which bookings to read in full: by kind, their ids. */
export interface FeedKeys {
  fahrzeug: string[];
  platz: string[];
}

const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

export interface FeedVersion {
  kind: FeedRow['kind'];
  id: string;
  /** The version of the booking's row (and vehicle and location), see VEHICLE_VERSION. */
  version: string;
}

/**
 * The bookings a person's feed lists – vehicle bookings they drive or booked,
 * seat bookings they made or are to confirm, ending at or after `since`,
 * cancelled ones included (a calendar must learn of the cancellation) – in
 * order and at most `limit`, as kind, id and version only. Seat bookings need
 * no join here: the poll after a change reads little more than the bookings
 * themselves, and then in full only those whose kept text is stale.
 */
export async function listFeedVersions(db: Db, tenantId: string, userId: string, since: Date, limit: number): Promise<FeedVersion[]> {
  const s = since.toISOString();
  const r = await db.execute(sql`
    select kind, id, version from (
      select 'fahrzeug' as kind, b.id::text as id, b.von, ${VEHICLE_VERSION} as version
        from vehicle_bookings b
        join vehicles v on v.tenant_id = b.tenant_id and v.id = b.vehicle_id
        left join locations l on l.tenant_id = v.tenant_id and l.id = v.location_id
       where ${vehicleWhere(tenantId, userId, s)}
      union all
      select 'platz' as kind, rb.id::text as id, rb.von, ${SEAT_VERSION} as version
        from reading_room_bookings rb
       where ${seatWhere(tenantId, userId, s)}
    ) x order by von limit ${limit}`);
  return rowsOf<FeedVersion>(r);
}

/** The given bookings of the feed in full, each with its version as read now (a row changed since carries its new one). */
export async function findFeedBookings(
  db: Db,
  tenantId: string,
  userId: string,
  since: Date,
  only: FeedKeys,
): Promise<(FeedRow & { version: string })[]> {
  const s = since.toISOString();
  const r = await db.execute(sql`
      select 'fahrzeug' as kind, b.id, b.von, b.bis, b.status,
             v.brand || ' ' || v.model as object, v.license_plate as detail, coalesce(l.name, '') as place,
             case when b.booked_by_id <> b.driver_id then bb.first_name || ' ' || bb.last_name end as booked_for,
             b.created_at, b.updated_at, b.revision, ${VEHICLE_VERSION} as version
        from vehicle_bookings b
        join vehicles v on v.tenant_id = b.tenant_id and v.id = b.vehicle_id
        left join locations l on l.tenant_id = v.tenant_id and l.id = v.location_id
        join users bb on bb.tenant_id = b.tenant_id and bb.id = b.booked_by_id
       where ${vehicleWhere(tenantId, userId, s)} and b.id = any(${uuidArray(only.fahrzeug)}::uuid[])
      union all
      select 'platz' as kind, rb.id, rb.von, rb.bis, rb.status,
             o.designation as object, p.name as detail, p.area as place,
             case when rb.confirming_id is not null then bk.first_name || ' ' || bk.last_name end as booked_for,
             rb.created_at, rb.updated_at, rb.revision, ${SEAT_VERSION} as version
        from reading_room_bookings rb
        join reading_rooms o on o.tenant_id = rb.tenant_id and o.id = rb.reading_room_id
        join floor_plans p on p.tenant_id = o.tenant_id and p.id = o.floor_plan_id
        join users bk on bk.tenant_id = rb.tenant_id and bk.id = rb.booker_id
       where ${seatWhere(tenantId, userId, s)} and rb.id = any(${uuidArray(only.platz)}::uuid[])`);
  return rowsOf<Record<string, unknown>>(r).map((x) => ({
    kind: x.kind as FeedRow['kind'],
    id: String(x.id),
    von: toDate(x.von),
    bis: toDate(x.bis),
    status: String(x.status),
    object: String(x.object),
    detail: String(x.detail),
    place: String(x.place),
    bookedFor: (x.booked_for as string | null) ?? null,
    createdAt: toDate(x.created_at),
    updatedAt: toDate(x.updated_at),
    revision: Number(x.revision),
    version: String(x.version),
  }));
}

/** The tenant's name, as a calendar invitation names its organizer. */
export async function findTenantName(db: Db, tenantId: string): Promise<string | null> {
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name ?? null;
}
