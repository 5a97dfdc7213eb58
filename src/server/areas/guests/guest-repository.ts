import type { Db } from '@db/client';
import { publicRateLimits, rentalRequests, vehicleBookingGuests } from '@db/schema/index';
import { and, eq, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/** Guests of vehicle bookings, public rental requests and the shared rate-limit counters. Always tenant-scoped. */

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

export interface GuestWrite {
  bookingId: string;
  name: string;
  email: string;
  phone: string | null;
  notes: string | null;
  locale: 'de' | 'en';
  source: 'empfang' | 'gaesteverleih';
  confirmedAt: Date | null;
  tokenHash: string;
}

export async function insertGuest(db: Db, tenantId: string, g: GuestWrite): Promise<void> {
  const { confirmedAt, ...rest } = g;
  await db.insert(vehicleBookingGuests).values({ tenantId, ...rest, confirmed: confirmedAt !== null, confirmedAt });
}

export interface GuestRecord {
  bookingId: string;
  name: string;
  email: string;
  phone: string | null;
  notes: string | null;
  locale: 'de' | 'en';
  source: string;
  confirmed: boolean;
  confirmedAt: Date | null;
}

const guestColumns = {
  bookingId: vehicleBookingGuests.bookingId,
  name: vehicleBookingGuests.name,
  email: vehicleBookingGuests.email,
  phone: vehicleBookingGuests.phone,
  notes: vehicleBookingGuests.notes,
  locale: vehicleBookingGuests.locale,
  source: vehicleBookingGuests.source,
  confirmed: vehicleBookingGuests.confirmed,
  confirmedAt: vehicleBookingGuests.confirmedAt,
};

export async function findGuestByTokenHash(db: Db, tenantId: string, tokenHash: string): Promise<GuestRecord | null> {
  const [g] = await db
    .select(guestColumns)
    .from(vehicleBookingGuests)
    .where(and(eq(vehicleBookingGuests.tenantId, tenantId), eq(vehicleBookingGuests.tokenHash, tokenHash)));
  return g ? { ...g, locale: g.locale as 'de' | 'en' } : null;
}

export async function findGuestOfBooking(db: Db, tenantId: string, bookingId: string): Promise<GuestRecord | null> {
  const [g] = await db
    .select(guestColumns)
    .from(vehicleBookingGuests)
    .where(and(eq(vehicleBookingGuests.tenantId, tenantId), eq(vehicleBookingGuests.bookingId, bookingId)));
  return g ? { ...g, locale: g.locale as 'de' | 'en' } : null;
}

export async function confirmGuestRow(db: Db, tenantId: string, bookingId: string, at: Date): Promise<boolean> {
  const r = await db
    .update(vehicleBookingGuests)
    .set({ confirmed: true, confirmedAt: at })
    .where(
      and(
        eq(vehicleBookingGuests.tenantId, tenantId),
        eq(vehicleBookingGuests.bookingId, bookingId),
        eq(vehicleBookingGuests.confirmed, false),
      ),
    )
    .returning({ id: vehicleBookingGuests.bookingId });
  return r.length > 0;
}

export interface GuestBookingRow {
  id: string;
  vehicleId: string;
  vehicleLabel: string;
  licensePlate: string;
  von: Date;
  bis: Date;
  status: string;
  guestName: string;
  guestEmail: string;
  guestPhone: string | null;
  notes: string | null;
  confirmed: boolean;
  source: string;
  bookedByName: string;
  /** The vehicle's required licence class; null when the vehicle is not gated. */
  requiredLicenseClass: string | null;
  /** The guest's latest recorded licence for this booking (decision 140), or null. */
  licence: { classes: string[]; checkedOn: string; examinerName: string } | null;
}

/** Guest bookings whose period touches [from, to), with the guest and the vehicle; paged by the caller's range. */
export async function listGuestBookings(db: Db, tenantId: string, from: Date, to: Date, limit = 500): Promise<GuestBookingRow[]> {
  const rows = rowsOf<{
    id: string;
    vehicle_id: string;
    brand: string;
    model: string;
    license_plate: string;
    von: Date | string;
    bis: Date | string;
    status: string;
    name: string;
    email: string;
    phone: string | null;
    notes: string | null;
    confirmed: boolean;
    source: string;
    booked_by_name: string;
    required_license_class: string | null;
    licence_classes: string[] | null;
    licence_checked_on: string | null;
    licence_examiner: string | null;
  }>(
    await db.execute(sql`
      select b.id::text, b.vehicle_id::text, v.brand, v.model, v.license_plate, b.von, b.bis, b.status,
             g.name, g.email, g.phone, g.notes, g.confirmed, g.source,
             u.first_name || ' ' || u.last_name as booked_by_name, nullif(trim(v.required_license_class), '') as required_license_class,
             gl.classes as licence_classes, gl.checked_on::text as licence_checked_on, gl.examiner as licence_examiner
        from vehicle_booking_guests g
        join vehicle_bookings b on b.tenant_id = g.tenant_id and b.id = g.booking_id
        join vehicles v on v.tenant_id = b.tenant_id and v.id = b.vehicle_id
        join users u on u.tenant_id = b.tenant_id and u.id = b.booked_by_id
        left join lateral (
          select c.classes, c.checked_on, e.first_name || ' ' || e.last_name as examiner
            from guest_licence_checks c join users e on e.tenant_id = c.tenant_id and e.id = c.examiner_id
           where c.tenant_id = g.tenant_id and c.booking_id = g.booking_id
           order by c.created_at desc limit 1) gl on true
       where g.tenant_id = ${tenantId}
         and b.blocked_until > ${from.toISOString()}::timestamptz
         and b.von < ${to.toISOString()}::timestamptz
       order by b.von, v.license_plate
       limit ${limit}`),
  );
  return rows.map((r) => ({
    id: r.id,
    vehicleId: r.vehicle_id,
    vehicleLabel: `${r.brand} ${r.model}`,
    licensePlate: r.license_plate,
    von: toDate(r.von),
    bis: toDate(r.bis),
    status: r.status,
    guestName: r.name,
    guestEmail: r.email,
    guestPhone: r.phone,
    notes: r.notes,
    confirmed: r.confirmed,
    source: r.source,
    bookedByName: r.booked_by_name,
    requiredLicenseClass: r.required_license_class,
    licence:
      r.licence_classes && r.licence_checked_on
        ? { classes: r.licence_classes, checkedOn: r.licence_checked_on, examinerName: r.licence_examiner ?? '' }
        : null,
  }));
}

/** The earliest start of a guest booking still open before now (on the road or never collected): the day list reaches back to it. */
export async function earliestOpenGuestStart(db: Db, tenantId: string, now: Date): Promise<Date | null> {
  const rows = rowsOf<{ von: Date | string | null }>(
    await db.execute(sql`
      select min(b.von) as von
        from vehicle_booking_guests g
        join vehicle_bookings b on b.tenant_id = g.tenant_id and b.id = g.booking_id
       where g.tenant_id = ${tenantId}
         and b.status in ('aktiv', 'reserviert', 'vorgemerkt')
         and b.von < ${now.toISOString()}::timestamptz`),
  );
  const von = rows[0]?.von;
  return von ? toDate(von) : null;
}

/** Unconfirmed guest bookings that are due for release (vorgemerkt, start within `minutes`). */
export async function dueUnconfirmedGuestBookings(db: Db, tenantId: string, now: Date, minutes: number): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select b.id::text
        from vehicle_booking_guests g
        join vehicle_bookings b on b.tenant_id = g.tenant_id and b.id = g.booking_id
       where g.tenant_id = ${tenantId} and g.confirmed = false and b.status = 'vorgemerkt'
         and b.von <= ${new Date(now.getTime() + minutes * 60_000).toISOString()}::timestamptz
       order by b.von
       for update of b`),
  );
  return rows.map((r) => r.id);
}

export async function isGuestBooking(db: Db, tenantId: string, bookingId: string): Promise<boolean> {
  return (await findGuestOfBooking(db, tenantId, bookingId)) !== null;
}

// ───────────────────────── rental requests ─────────────────────────

export interface RequestWrite {
  vehicleId: string;
  von: Date;
  bis: Date;
  name: string;
  email: string;
  phone: string | null;
  locale: 'de' | 'en';
  tokenHash: string;
  expiresAt: Date;
}

export async function insertRequest(db: Db, tenantId: string, r: RequestWrite): Promise<string> {
  const [row] = await db
    .insert(rentalRequests)
    .values({ tenantId, ...r })
    .returning({ id: rentalRequests.id });
  return row!.id;
}

/** Serialises requests of one e-mail address so the open-request maximum holds under concurrency. */
export async function lockEmail(db: Db, tenantId: string, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${tenantId}:${email}`}, 12))`);
}

export async function countOpenRequests(db: Db, tenantId: string, email: string, now: Date): Promise<number> {
  const rows = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*)::int as n from rental_requests
       where tenant_id = ${tenantId} and email = ${email} and status = 'offen' and expires_at > ${now.toISOString()}::timestamptz`),
  );
  return Number(rows[0]?.n ?? 0);
}

export interface RequestRecord {
  id: string;
  vehicleId: string;
  von: Date;
  bis: Date;
  name: string;
  email: string;
  phone: string | null;
  locale: 'de' | 'en';
  status: string;
  expiresAt: Date;
  bookingId: string | null;
}

/** The request of a token hash, locked for the confirmation. */
export async function lockRequestByTokenHash(db: Db, tenantId: string, tokenHash: string): Promise<RequestRecord | null> {
  const rows = rowsOf<{
    id: string;
    vehicle_id: string;
    von: Date | string;
    bis: Date | string;
    name: string;
    email: string;
    phone: string | null;
    locale: string;
    status: string;
    expires_at: Date | string;
    booking_id: string | null;
  }>(
    await db.execute(sql`
      select id::text, vehicle_id::text, von, bis, name, email, phone, locale, status, expires_at, booking_id::text
        from rental_requests where tenant_id = ${tenantId} and token_hash = ${tokenHash} for update`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    vehicleId: r.vehicle_id,
    von: toDate(r.von),
    bis: toDate(r.bis),
    name: r.name,
    email: r.email,
    phone: r.phone,
    locale: r.locale as 'de' | 'en',
    status: r.status,
    expiresAt: toDate(r.expires_at),
    bookingId: r.booking_id,
  };
}

export async function markRequestConfirmed(db: Db, tenantId: string, id: string, bookingId: string): Promise<void> {
  await db
    .update(rentalRequests)
    .set({ status: 'bestätigt', bookingId })
    .where(and(eq(rentalRequests.tenantId, tenantId), eq(rentalRequests.id, id)));
}

/** Marks open requests past their expiry as abgelaufen; returns how many changed (0 on a rerun). */
export async function expireRequests(db: Db, tenantId: string, now: Date): Promise<number> {
  const r = await db
    .update(rentalRequests)
    .set({ status: 'abgelaufen' })
    .where(and(eq(rentalRequests.tenantId, tenantId), eq(rentalRequests.status, 'offen'), lt(rentalRequests.expiresAt, now)))
    .returning({ id: rentalRequests.id });
  return r.length;
}

export async function countRequests(db: Db, tenantId: string): Promise<number> {
  const rows = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*)::int as n from rental_requests where tenant_id = ${tenantId}`),
  );
  return Number(rows[0]?.n ?? 0);
}

// ───────────────────────── rate limits ─────────────────────────

/** Counts one hit and returns the hits of the window so far (one statement, safe under concurrency). */
export async function hitRateLimit(db: Db, tenantId: string, bucket: string, keyHash: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(publicRateLimits)
    .values({ tenantId, bucket, keyHash, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [publicRateLimits.tenantId, publicRateLimits.bucket, publicRateLimits.keyHash, publicRateLimits.windowStart],
      set: { hits: sql`${publicRateLimits.hits} + 1` },
    })
    .returning({ hits: publicRateLimits.hits });
  return row!.hits;
}

export async function purgeRateLimits(db: Db, tenantId: string, before: Date): Promise<void> {
  await db.delete(publicRateLimits).where(and(eq(publicRateLimits.tenantId, tenantId), lt(publicRateLimits.windowStart, before)));
}

export async function tenantName(db: Db, tenantId: string): Promise<string> {
  const rows = rowsOf<{ name: string }>(await db.execute(sql`select name from tenants where id = ${tenantId}`));
  return rows[0]?.name ?? '';
}
