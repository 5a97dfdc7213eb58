import type { Db } from '@db/client';
import { logbookEntries } from '@db/schema/index';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/**
 * Fahrtenbuch rows (append-only: this file only reads and inserts). "Current"
 * means the revision nobody supersedes. Always tenant-scoped.
 */

export interface LogbookRow {
  id: string;
  entryId: string;
  revision: number;
  supersedesId: string | null;
  kind: 'FAHRT' | 'LUECKE';
  vehicleId: string;
  vehicleLabel: string;
  licensePlate: string;
  bookingId: string | null;
  startedAt: Date;
  endedAt: Date;
  odometerStart: number;
  odometerEnd: number;
  driverId: string | null;
  driverName: string;
  destination: string | null;
  stopover: string | null;
  reason: string | null;
  partner: string | null;
  detour: string | null;
  tripKind: 'dienstlich' | 'privat' | 'Arbeitsweg';
  note: string | null;
  createdAt: Date;
  createdByName: string | null;
  /** The original's creation time: the correction period runs from there. */
  originalCreatedAt: Date;
  /** Km of an unexplained jump right before this entry (current rows of a list only). */
  gapFromKm: number | null;
  /** When the entry before that jump ended: the gap's explanation lies between it and this entry's start. */
  gapFromEndedAt: Date | null;
}

export interface NewLogbookRow {
  id?: string;
  entryId?: string;
  revision: number;
  supersedesId: string | null;
  kind: 'FAHRT' | 'LUECKE';
  vehicleId: string;
  bookingId: string | null;
  startedAt: Date;
  endedAt: Date;
  odometerStart: number;
  odometerEnd: number;
  driverId: string | null;
  driverName: string;
  destination: string | null;
  stopover: string | null;
  reason: string | null;
  partner: string | null;
  detour: string | null;
  tripKind: string;
  note: string | null;
  createdById: string | null;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** Inserts one row; an original (revision 1) gets its own id as entry id. Returns the id. */
export async function insertLogbookRow(db: Db, tenantId: string, row: NewLogbookRow): Promise<string> {
  const id = row.id ?? crypto.randomUUID();
  await db.insert(logbookEntries).values({ ...row, tenantId, id, entryId: row.entryId ?? id });
  return id;
}

const SELECT = sql`
  select e.id::text, e.entry_id::text, e.revision, e.supersedes_id::text, e.kind, e.vehicle_id::text,
         v.brand || ' ' || v.model as vehicle_label, v.license_plate, e.booking_id::text,
         e.started_at, e.ended_at, e.odometer_start, e.odometer_end, e.driver_id::text, e.driver_name,
         e.destination, e.stopover, e.reason, e.partner, e.detour, e.trip_kind, e.note, e.created_at,
         case when c.id is null then null else c.first_name || ' ' || c.last_name end as created_by_name,
         o.created_at as original_created_at`;
const FROM = sql`
    from logbook_entries e
    join vehicles v on v.tenant_id = e.tenant_id and v.id = e.vehicle_id
    join logbook_entries o on o.tenant_id = e.tenant_id and o.id = e.entry_id
    left join users c on c.tenant_id = e.tenant_id and c.id = e.created_by_id`;
const IS_CURRENT = sql`not exists (select 1 from logbook_entries s where s.tenant_id = e.tenant_id and s.supersedes_id = e.id)`;

interface Raw {
  id: string;
  entry_id: string;
  revision: number;
  supersedes_id: string | null;
  kind: 'FAHRT' | 'LUECKE';
  vehicle_id: string;
  vehicle_label: string;
  license_plate: string;
  booking_id: string | null;
  started_at: Date | string;
  ended_at: Date | string;
  odometer_start: number;
  odometer_end: number;
  driver_id: string | null;
  driver_name: string;
  destination: string | null;
  stopover: string | null;
  reason: string | null;
  partner: string | null;
  detour: string | null;
  trip_kind: LogbookRow['tripKind'];
  note: string | null;
  created_at: Date | string;
  created_by_name: string | null;
  original_created_at: Date | string;
  gap_from_km?: number | null;
  gap_from_ended_at?: Date | string | null;
}

const toRow = (r: Raw): LogbookRow => ({
  id: r.id,
  entryId: r.entry_id,
  revision: Number(r.revision),
  supersedesId: r.supersedes_id,
  kind: r.kind,
  vehicleId: r.vehicle_id,
  vehicleLabel: r.vehicle_label,
  licensePlate: r.license_plate,
  bookingId: r.booking_id,
  startedAt: toDate(r.started_at),
  endedAt: toDate(r.ended_at),
  odometerStart: Number(r.odometer_start),
  odometerEnd: Number(r.odometer_end),
  driverId: r.driver_id,
  driverName: r.driver_name,
  destination: r.destination,
  stopover: r.stopover,
  reason: r.reason,
  partner: r.partner,
  detour: r.detour,
  tripKind: r.trip_kind,
  note: r.note,
  createdAt: toDate(r.created_at),
  createdByName: r.created_by_name,
  originalCreatedAt: toDate(r.original_created_at),
  gapFromKm: r.gap_from_km === undefined || r.gap_from_km === null ? null : Number(r.gap_from_km),
  gapFromEndedAt: r.gap_from_km === undefined || r.gap_from_km === null || !r.gap_from_ended_at ? null : toDate(r.gap_from_ended_at),
});

export async function findLogbookRow(db: Db, tenantId: string, id: string): Promise<(LogbookRow & { current: boolean }) | null> {
  const r = rowsOf<Raw & { is_current: boolean | string }>(
    await db.execute(sql`${SELECT}, (${IS_CURRENT}) as is_current ${FROM} where e.tenant_id = ${tenantId} and e.id = ${id}`),
  );
  return r[0] ? { ...toRow(r[0]), current: r[0].is_current === true || r[0].is_current === 't' } : null;
}

/** End reading of the vehicle's latest trip (current revisions), or null before its first entry. */
export async function lastEndReading(db: Db, tenantId: string, vehicleId: string): Promise<number | null> {
  const r = rowsOf<{ m: number | null }>(
    await db.execute(sql`
      select e.odometer_end as m from logbook_entries e
       where e.tenant_id = ${tenantId} and e.vehicle_id = ${vehicleId} and ${IS_CURRENT}
       order by e.ended_at desc, e.odometer_end desc limit 1`),
  );
  return r[0] ? Number(r[0].m) : null;
}

/**
 * The booking's trip as its history tells it: when and at which reading it
 * was started (latest CHECK_IN) and when it was ended (latest CHECK_OUT).
 * The logbook takes its times from here, never from the booked period.
 */
export async function tripEvents(
  db: Db,
  tenantId: string,
  bookingId: string,
): Promise<{ checkInAt: Date | null; checkInReading: number | null; checkOutAt: Date | null }> {
  const r = rowsOf<{ type: string; time: Date | string; mileage: number | null }>(
    await db.execute(sql`
      select distinct on (type) type, time, mileage from vehicle_history
       where tenant_id = ${tenantId} and booking_id = ${bookingId} and type in ('CHECK_IN', 'CHECK_OUT')
       order by type, time desc`),
  );
  const checkIn = r.find((x) => x.type === 'CHECK_IN');
  const checkOut = r.find((x) => x.type === 'CHECK_OUT');
  return {
    checkInAt: checkIn ? toDate(checkIn.time) : null,
    checkInReading: checkIn?.mileage === null || checkIn?.mileage === undefined ? null : Number(checkIn.mileage),
    checkOutAt: checkOut ? toDate(checkOut.time) : null,
  };
}

export interface LogbookFilter {
  vehicleId?: string;
  driverId?: string;
  /** Instants: entries starting in [from, to). */
  from: Date;
  to: Date;
  /** Only the trips this person drove (drivers without logbook rights). */
  onlyDriverId?: string;
}

function filterSql(tenantId: string, f: LogbookFilter): SQL {
  const parts = [sql`e.tenant_id = ${tenantId}`, IS_CURRENT, sql`e.started_at >= ${f.from}`, sql`e.started_at < ${f.to}`];
  if (f.vehicleId) parts.push(sql`e.vehicle_id = ${f.vehicleId}`);
  if (f.driverId) parts.push(sql`e.driver_id = ${f.driverId}`);
  if (f.onlyDriverId) parts.push(sql`e.driver_id = ${f.onlyDriverId}`);
  return sql.join(parts, sql` and `);
}

/**
 * Gap before each current entry: the highest end reading of the vehicle's
 * current entries before it in odometer order, when that is below its start,
 * and when that entry ended (ties as `findGaps` breaks them: the first in
 * odometer order). Computed over the whole vehicle (not only the page), so
 * paging does not hide gaps.
 */
const previousOf = (tenantId: string) => sql`left join lateral (
  select p.odometer_end as prev_end, p.ended_at as prev_ended_at from logbook_entries p
   where p.tenant_id = ${tenantId} and p.vehicle_id = q.vehicle_id::uuid and p.id <> q.id::uuid
     and not exists (select 1 from logbook_entries s2 where s2.tenant_id = p.tenant_id and s2.supersedes_id = p.id)
     and (p.odometer_start < q.odometer_start or (p.odometer_start = q.odometer_start and p.started_at < q.started_at))
   order by p.odometer_end desc, p.odometer_start, p.started_at
   limit 1
) prev on true`;

/** One page of current entries, newest first, with the gap before each (looked up for the page's rows only). */
export async function listLogbookPage(
  db: Db,
  tenantId: string,
  f: LogbookFilter,
  page: { limit: number; offset: number },
): Promise<LogbookRow[]> {
  const rows = rowsOf<Raw>(
    await db.execute(sql`
      select q.*, case when prev.prev_end < q.odometer_start then prev.prev_end else null end as gap_from_km,
             prev.prev_ended_at as gap_from_ended_at
        from (${SELECT} ${FROM} where ${filterSql(tenantId, f)}
              order by e.started_at desc, e.id desc limit ${page.limit} offset ${page.offset}) q
        ${previousOf(tenantId)}
       order by q.started_at desc, q.id desc`),
  );
  return rows.map(toRow);
}

/** Count and distance per trip kind of the filtered current entries (SQL aggregation). */
export async function logbookTotals(
  db: Db,
  tenantId: string,
  f: LogbookFilter,
): Promise<{ count: number; km: Record<'dienstlich' | 'privat' | 'Arbeitsweg', number> }> {
  const r = rowsOf<{ trip_kind: string; n: number | string; km: number | string | null }>(
    await db.execute(sql`
      select e.trip_kind, count(*) as n, sum(e.odometer_end - e.odometer_start) as km
        from logbook_entries e where ${filterSql(tenantId, f)} group by e.trip_kind`),
  );
  const km = { dienstlich: 0, privat: 0, Arbeitsweg: 0 };
  let count = 0;
  for (const x of r) {
    km[x.trip_kind as keyof typeof km] = Number(x.km ?? 0);
    count += Number(x.n);
  }
  return { count, km };
}

/** Every revision of the given entries (chains), oldest first. */
export async function revisionsOf(db: Db, tenantId: string, entryIds: readonly string[]): Promise<LogbookRow[]> {
  if (entryIds.length === 0) return [];
  const ids = sql.join(
    entryIds.map((x) => sql`${x}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<Raw>(
    await db.execute(sql`${SELECT} ${FROM} where e.tenant_id = ${tenantId} and e.entry_id in (${ids}) order by e.entry_id, e.revision`),
  );
  return rows.map(toRow);
}

/** Current spans (readings and times) of one vehicle, for gap checks. */
export async function currentSpans(
  db: Db,
  tenantId: string,
  vehicleId: string,
): Promise<{ id: string; startedAt: Date; endedAt: Date; odometerStart: number; odometerEnd: number }[]> {
  const rows = rowsOf<{ id: string; started_at: Date | string; ended_at: Date | string; odometer_start: number; odometer_end: number }>(
    await db.execute(sql`
      select e.id::text, e.started_at, e.ended_at, e.odometer_start, e.odometer_end from logbook_entries e
       where e.tenant_id = ${tenantId} and e.vehicle_id = ${vehicleId} and ${IS_CURRENT}`),
  );
  return rows.map((r) => ({
    id: r.id,
    startedAt: toDate(r.started_at),
    endedAt: toDate(r.ended_at),
    odometerStart: Number(r.odometer_start),
    odometerEnd: Number(r.odometer_end),
  }));
}

/**
 * Current entries of the filter for exports, one vehicle at a time (by
 * plate), each in time order: one indexed query per vehicle, and memory
 * bounded by one vehicle's rows in the period.
 */
export async function* streamLogbook(db: Db, tenantId: string, f: LogbookFilter): AsyncGenerator<LogbookRow[]> {
  const vehicleIds = f.vehicleId ? [f.vehicleId] : await exportVehicleIds(db, tenantId);
  for (const vehicleId of vehicleIds) {
    const rows = rowsOf<Raw>(
      await db.execute(sql`${SELECT} ${FROM} where ${filterSql(tenantId, { ...f, vehicleId })} order by e.started_at, e.id`),
    );
    if (rows.length > 0) yield rows.map(toRow);
  }
}

/** Every vehicle of the tenant in the order exports list them (by plate). */
export async function exportVehicleIds(db: Db, tenantId: string): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`select v.id::text from vehicles v where v.tenant_id = ${tenantId} order by v.license_plate, v.id`),
  ).map((v) => v.id);
}

/** Entry ids among `entryIds` that have more than one revision. */
export async function correctedEntryIds(db: Db, tenantId: string, entryIds: readonly string[]): Promise<Set<string>> {
  if (entryIds.length === 0) return new Set();
  const ids = sql.join(
    entryIds.map((x) => sql`${x}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ entry_id: string }>(
    await db.execute(sql`
      select distinct entry_id::text from logbook_entries where tenant_id = ${tenantId} and revision > 1 and entry_id in (${ids})`),
  );
  return new Set(rows.map((r) => r.entry_id));
}
