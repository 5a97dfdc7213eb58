import type { Db } from '@db/client';
import { bookingSeries, readingRoomBookings } from '@db/schema/index';
import type { SeriesRule } from '@domain/booking-series';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/** Booking series of seats and desks (decision 091). Always tenant-scoped. */

export interface SeriesRecord {
  id: string;
  bookerId: string;
  readingRoomId: string;
  rule: SeriesRule;
  fromTime: string;
  toTime: string;
  groupSize: number;
  bookedThrough: string;
  endedAt: Date | null;
}

const columns = {
  id: bookingSeries.id,
  bookerId: bookingSeries.bookerId,
  readingRoomId: bookingSeries.readingRoomId,
  rule: bookingSeries.rule,
  fromTime: bookingSeries.fromTime,
  toTime: bookingSeries.toTime,
  groupSize: bookingSeries.groupSize,
  bookedThrough: bookingSeries.bookedThrough,
  endedAt: bookingSeries.endedAt,
};

export async function insertSeries(
  db: Db,
  tenantId: string,
  s: Omit<SeriesRecord, 'id' | 'endedAt' | 'rule'> & { rule: SeriesRule & { mode: string } },
): Promise<string> {
  const [row] = await db
    .insert(bookingSeries)
    .values({ tenantId, ...s })
    .returning({ id: bookingSeries.id });
  return row!.id;
}

export interface SeriesBookingWrite {
  readingRoomId: string;
  von: Date;
  bis: Date;
  bookerId: string;
  groupSize: number;
  placeFrom: number;
  /** The booker when one place per person holds (decision 036), else null. */
  exclusivePersonId: string | null;
}

/** A booking a series insert wrote, with what the database set: its id and creation time. */
export interface InsertedSeriesBooking {
  id: string;
  von: Date;
  bis: Date;
  createdAt: Date;
}

/**
 * All days of a series in one statement (decision 160). A day the exclusion
 * constraints refuse – a booking that came past the object lock – is left
 * out instead of failing the whole insert; the caller reports it as taken.
 * The rows go in as one array per column (docs/performance/series.md): a list of 52 rows
 * of values was 600 parameters for the query builder and the parser.
 */
export async function insertSeriesBookings(
  db: Db,
  tenantId: string,
  seriesId: string,
  rows: readonly SeriesBookingWrite[],
): Promise<InsertedSeriesBooking[]> {
  if (rows.length === 0) return [];
  const column = <T>(f: (b: SeriesBookingWrite) => T) => sql.param(rows.map(f));
  const inserted = rowsOf<{ id: string; von: string | Date; bis: string | Date; created_at: string | Date }>(
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
  return inserted.map((r) => ({ id: r.id, von: new Date(r.von), bis: new Date(r.bis), createdAt: new Date(r.created_at) }));
}

/** Series still running whose booked days end before `through`, oldest first; locked so two job runs never book the same day twice. */
export async function lockSeriesToExtend(db: Db, tenantId: string, through: string, limit: number): Promise<SeriesRecord[]> {
  const rows = await db
    .select(columns)
    .from(bookingSeries)
    .where(and(eq(bookingSeries.tenantId, tenantId), isNull(bookingSeries.endedAt), lt(bookingSeries.bookedThrough, through)))
    .orderBy(asc(bookingSeries.bookedThrough))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows as SeriesRecord[];
}

export async function setBookedThrough(db: Db, tenantId: string, id: string, day: string): Promise<void> {
  await db
    .update(bookingSeries)
    .set({ bookedThrough: day })
    .where(and(eq(bookingSeries.tenantId, tenantId), eq(bookingSeries.id, id)));
}

export async function endSeries(db: Db, tenantId: string, id: string, at: Date): Promise<void> {
  await db
    .update(bookingSeries)
    .set({ endedAt: at })
    .where(and(eq(bookingSeries.tenantId, tenantId), eq(bookingSeries.id, id), isNull(bookingSeries.endedAt)));
}

/** Cancels the holding bookings of a series that start at or after `from`; returns their ids and floor plans. */
export async function cancelSeriesBookings(
  db: Db,
  tenantId: string,
  seriesId: string,
  from: Date,
  at: Date,
  reason: string,
): Promise<string[]> {
  const rows = await db
    .update(readingRoomBookings)
    .set({ status: 'storniert', cancelledAt: at, cancelReason: reason })
    .where(
      and(
        eq(readingRoomBookings.tenantId, tenantId),
        eq(readingRoomBookings.seriesId, seriesId),
        inArray(readingRoomBookings.status, ['vorgemerkt', 'reserviert']),
        gte(readingRoomBookings.von, from),
      ),
    )
    .returning({ id: readingRoomBookings.id });
  return rows.map((r) => r.id);
}

/** Days (Berlin) on which the series already has a booking, so extending twice books nothing twice. */
export async function seriesBookedDays(db: Db, tenantId: string, seriesId: string): Promise<Set<string>> {
  const rows = await db.execute<{ day: string }>(
    sql`select distinct to_char(von at time zone 'Europe/Berlin', 'YYYY-MM-DD') as day from reading_room_bookings where tenant_id = ${tenantId} and series_id = ${seriesId}`,
  );
  return new Set((rows as unknown as { rows: { day: string }[] }).rows.map((r) => r.day));
}
