import type { Db } from '@db/client';
import { bookingSeries, readingRoomBookings, vehicleBookingApprovers, vehicleBookings, vehicleSeries } from '@db/schema/index';
import type { SeriesRule } from '@domain/booking-series';
import type { BookingWrite } from '@server/areas/vehicles/public';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../kernel/rows';

/**
 * Booking series of every kind (decision 202): one set of functions over a
 * store that names the kind's series table, its bookings' table and the few
 * statements that differ – how its dates are inserted and what a cancellation
 * sets. Always tenant-scoped.
 */

/** What every series row has, whatever is booked. */
export interface SeriesRecordBase {
  id: string;
  rule: SeriesRule;
  fromTime: string;
  toTime: string;
  bookedThrough: string;
  endedAt: Date | null;
}

/** A booking a series insert wrote, with what the database set: its id and creation time. */
export interface InsertedSeriesBooking {
  id: string;
  von: Date;
  bis: Date;
  createdAt: Date;
}

type SeriesTable = typeof bookingSeries | typeof vehicleSeries;
type BookingsTable = typeof readingRoomBookings | typeof vehicleBookings;

/** The kind-specific part of the series repository. */
export interface SeriesStore<Series extends SeriesRecordBase, Write> {
  series: SeriesTable;
  /** The columns a series is read with, as its record names them. */
  columns: Record<keyof Series, PgColumn>;
  bookings: BookingsTable;
  /** All dates of a series in one statement; a date the exclusion constraints refuse is left out, not an error. */
  insertBookings(db: Db, tenantId: string, seriesId: string, rows: readonly Write[]): Promise<InsertedSeriesBooking[]>;
  /** What a cancellation of the series' bookings sets besides the status. */
  cancelled(at: Date, reason: string): Record<string, unknown>;
}

const inserted = (r: unknown): InsertedSeriesBooking[] =>
  rowsOf<{ id: string; von: string | Date; bis: string | Date; created_at: string | Date }>(r).map((x) => ({
    id: x.id,
    von: new Date(x.von),
    bis: new Date(x.bis),
    createdAt: new Date(x.created_at),
  }));

// ───────────────────────── seats and desks (decision 091) ─────────────────────────

export interface SeatSeriesRecord extends SeriesRecordBase {
  bookerId: string;
  readingRoomId: string;
  groupSize: number;
}

export interface SeatSeriesBookingWrite {
  readingRoomId: string;
  von: Date;
  bis: Date;
  bookerId: string;
  groupSize: number;
  placeFrom: number;
  /** The booker when one place per person holds (decision 036), else null. */
  exclusivePersonId: string | null;
}

export const seatSeriesStore: SeriesStore<SeatSeriesRecord, SeatSeriesBookingWrite> = {
  series: bookingSeries,
  columns: {
    id: bookingSeries.id,
    bookerId: bookingSeries.bookerId,
    readingRoomId: bookingSeries.readingRoomId,
    rule: bookingSeries.rule,
    fromTime: bookingSeries.fromTime,
    toTime: bookingSeries.toTime,
    groupSize: bookingSeries.groupSize,
    bookedThrough: bookingSeries.bookedThrough,
    endedAt: bookingSeries.endedAt,
  },
  bookings: readingRoomBookings,
  /**
   * A day the exclusion constraints refuse – a booking that came past the
   * object lock – is left out (decision 160). The rows go in as one array per
   * column (docs/performance/series.md): a list of 52 rows of values was 600
   * parameters for the query builder and the parser.
   */
  async insertBookings(db, tenantId, seriesId, rows) {
    if (rows.length === 0) return [];
    const column = <T>(f: (b: SeatSeriesBookingWrite) => T) => sql.param(rows.map(f));
    return inserted(
      await db.execute(sql`
      insert into reading_room_bookings
             (tenant_id, series_id, status, reading_room_id, von, bis, booker_id, group_size, place_from, place_to, exclusive_person_id)
      select ${tenantId}::uuid, ${seriesId}::uuid, 'reserviert', r.reading_room_id, r.von, r.bis, r.booker_id, r.group_size,
             r.place_from, r.place_from + r.group_size, r.exclusive_person_id
        from unnest(${column((b) => b.readingRoomId)}::uuid[], ${column((b) => b.von.toISOString())}::timestamptz[],
                    ${column((b) => b.bis.toISOString())}::timestamptz[], ${column((b) => b.bookerId)}::uuid[],
                    ${column((b) => b.groupSize)}::int[], ${column((b) => b.placeFrom)}::int[],
                    ${column((b) => b.exclusivePersonId)}::uuid[])
             as r(reading_room_id, von, bis, booker_id, group_size, place_from, exclusive_person_id)
      on conflict do nothing
      returning id, von, bis, created_at`),
    );
  },
  cancelled: (at, reason) => ({ cancelledAt: at, cancelReason: reason }),
};

// ───────────────────────── vehicles (decision 115) ─────────────────────────

/** The trip's details a vehicle series gives every one of its bookings. */
export type VehicleSeriesDetails = Pick<
  BookingWrite,
  'reason' | 'passengers' | 'destination' | 'stopover' | 'contact' | 'detour' | 'infoText'
>;

export interface VehicleSeriesRecord extends SeriesRecordBase {
  vehicleId: string;
  bookedById: string;
  driverId: string;
  details: VehicleSeriesDetails;
}

export const vehicleSeriesStore: SeriesStore<VehicleSeriesRecord, BookingWrite> = {
  series: vehicleSeries,
  columns: {
    id: vehicleSeries.id,
    vehicleId: vehicleSeries.vehicleId,
    bookedById: vehicleSeries.bookedById,
    driverId: vehicleSeries.driverId,
    rule: vehicleSeries.rule,
    fromTime: vehicleSeries.fromTime,
    toTime: vehicleSeries.toTime,
    details: vehicleSeries.details,
    bookedThrough: vehicleSeries.bookedThrough,
    endedAt: vehicleSeries.endedAt,
  },
  bookings: vehicleBookings,
  /**
   * A date the exclusion constraint refuses (a booking made past the vehicle
   * lock, e.g. a fleet block) is left out. The rows go in as one array per
   * column (docs/performance/series.md): 52 rows of values were 900
   * parameters for the query builder and the parser.
   */
  async insertBookings(db, tenantId, seriesId, rows) {
    if (rows.length === 0) return [];
    const column = <T>(f: (b: BookingWrite) => T) => sql.param(rows.map(f));
    const text = (f: (b: BookingWrite) => string | null) => sql`${column(f)}::text[]`;
    return inserted(
      await db.execute(sql`
      insert into vehicle_bookings
             (tenant_id, series_id, vehicle_id, von, bis, blocked_until, type, status, booked_by_id, driver_id,
              reason, passengers, destination, stopover, contact, detour, info_text, needs_approval)
      select ${tenantId}::uuid, ${seriesId}::uuid, r.*
        from unnest(${column((b) => b.vehicleId)}::uuid[], ${column((b) => b.von.toISOString())}::timestamptz[],
                    ${column((b) => b.bis.toISOString())}::timestamptz[], ${column((b) => b.blockedUntil.toISOString())}::timestamptz[],
                    ${text((b) => b.type)}, ${text((b) => b.status)}, ${column((b) => b.bookedById)}::uuid[],
                    ${column((b) => b.driverId)}::uuid[], ${text((b) => b.reason)}, ${text((b) => b.passengers)},
                    ${text((b) => b.destination)}, ${text((b) => b.stopover)}, ${text((b) => b.contact)},
                    ${text((b) => b.detour)}, ${text((b) => b.infoText)}, ${column((b) => b.needsApproval)}::boolean[]) as r
      on conflict do nothing
      returning id, von, bis, created_at`),
    );
  },
  cancelled: (_at, reason) => ({ cancelReason: reason, updatedAt: new Date() }),
};

/** Approver rows for many vehicle bookings at once (each booking gets every approver). */
export async function insertApproversForAll(
  db: Db,
  tenantId: string,
  bookingIds: readonly string[],
  userIds: readonly string[],
): Promise<void> {
  const values = bookingIds.flatMap((bookingId) => userIds.map((userId) => ({ tenantId, bookingId, userId })));
  if (values.length === 0) return;
  await db.insert(vehicleBookingApprovers).values(values);
}

// ───────────────────────── every kind ─────────────────────────

export async function insertSeries<S extends SeriesRecordBase>(
  db: Db,
  store: SeriesStore<S, unknown>,
  tenantId: string,
  s: Omit<S, 'id' | 'endedAt'>,
): Promise<string> {
  // The store pairs the record with its table, so the row's columns are the table's.
  const [row] = await db
    .insert(store.series)
    .values({ tenantId, ...s } as unknown as typeof store.series.$inferInsert)
    .returning({ id: store.series.id });
  return row!.id;
}

/** Series still running whose booked days end before `through`, oldest first; locked so two job runs never book the same day twice. */
export async function lockSeriesToExtend<S extends SeriesRecordBase>(
  db: Db,
  store: SeriesStore<S, unknown>,
  tenantId: string,
  through: string,
  limit: number,
): Promise<S[]> {
  const t = store.series;
  const rows = await db
    .select(store.columns)
    .from(t)
    .where(and(eq(t.tenantId, tenantId), isNull(t.endedAt), lt(t.bookedThrough, through)))
    .orderBy(asc(t.bookedThrough))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows as unknown as S[];
}

export async function setBookedThrough(db: Db, store: SeriesStore<SeriesRecordBase, unknown>, tenantId: string, id: string, day: string) {
  const t = store.series;
  await db
    .update(t)
    .set({ bookedThrough: day })
    .where(and(eq(t.tenantId, tenantId), eq(t.id, id)));
}

export async function endSeries(db: Db, store: SeriesStore<SeriesRecordBase, unknown>, tenantId: string, id: string, at: Date) {
  const t = store.series;
  await db
    .update(t)
    .set({ endedAt: at })
    .where(and(eq(t.tenantId, tenantId), eq(t.id, id), isNull(t.endedAt)));
}

/** Cancels the series' bookings not yet started (reserviert or vorgemerkt) from `from` on; returns their ids. */
export async function cancelSeriesBookings(
  db: Db,
  store: SeriesStore<SeriesRecordBase, unknown>,
  tenantId: string,
  seriesId: string,
  from: Date,
  at: Date,
  reason: string,
): Promise<string[]> {
  const b = store.bookings;
  const rows = await db
    .update(b)
    .set({ status: 'storniert', ...store.cancelled(at, reason) })
    .where(and(eq(b.tenantId, tenantId), eq(b.seriesId, seriesId), inArray(b.status, ['vorgemerkt', 'reserviert']), gte(b.von, from)))
    .returning({ id: b.id });
  return rows.map((r) => r.id);
}

/** Days (Berlin) on which the series already has a booking, so extending twice books nothing twice. */
export async function seriesBookedDays(
  db: Db,
  store: SeriesStore<SeriesRecordBase, unknown>,
  tenantId: string,
  seriesId: string,
): Promise<Set<string>> {
  const b = store.bookings;
  const rows = rowsOf<{ day: string }>(
    await db.execute(
      sql`select distinct to_char(von at time zone 'Europe/Berlin', 'YYYY-MM-DD') as day from ${b} where tenant_id = ${tenantId} and series_id = ${seriesId}`,
    ),
  );
  return new Set(rows.map((r) => r.day));
}
