import type { Db } from '@db/client';
import { guestLicenceChecks } from '@db/schema/index';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';
import { idMatches, likeNeedle } from '../../kernel/text-search';
import { GRACE, INTERVAL, type LicenceSettings, REMINDER, stateExpr, tenantNumber } from './licence-repository';

/**
 * Guests' licences (decision 140): one append-only check per hand-over, kept
 * with the guest booking. The latest check of a booking is what its trip start
 * is gated on; the latest check per guest e-mail is the guest's row in the
 * examiner's list.
 */

export interface GuestLicence {
  checkId: string;
  classes: string[];
  licenceNumber: string;
  issueDate: string;
  lastCheck: string;
  nextCheck: string;
  banFrom: string | null;
  banTo: string | null;
  method: string;
  examinerName: string;
}

interface GuestLicenceRow {
  check_id: string;
  classes: string[];
  licence_number: string;
  issue_date: string;
  last_check: string;
  next_check: string;
  ban_from: string | null;
  ban_to: string | null;
  method: string;
  examiner_name: string;
}

const toGuestLicence = (r: GuestLicenceRow): GuestLicence => ({
  checkId: r.check_id,
  classes: r.classes,
  licenceNumber: r.licence_number,
  issueDate: r.issue_date,
  lastCheck: r.last_check,
  nextCheck: r.next_check,
  banFrom: r.ban_from,
  banTo: r.ban_to,
  method: r.method,
  examinerName: r.examiner_name,
});

const columns = (tenantId: string, defaults: LicenceSettings) => sql`
  c.id::text as check_id, c.classes, c.licence_number, c.issue_date::text, c.checked_on::text as last_check,
  (c.checked_on + make_interval(months => ${tenantNumber(tenantId, INTERVAL, defaults.months)}))::date::text as next_check,
  c.ban_from::text, c.ban_to::text, c.method, e.first_name || ' ' || e.last_name as examiner_name`;

/** The latest check recorded for one guest booking, with the tenant's maximum gap: the trip-start gate's one statement. */
export async function guestLicenceOfBooking(
  tx: Db,
  tenantId: string,
  bookingId: string,
  defaults: LicenceSettings,
): Promise<{ licence: GuestLicence | null; graceDays: number }> {
  const [row] = rowsOf<GuestLicenceRow & { grace_days: number }>(
    await tx.execute(sql`
      select lc.*, ${tenantNumber(tenantId, GRACE, defaults.graceDays)} as grace_days
        from (select 1) one
        left join lateral (
          select ${columns(tenantId, defaults)}
            from guest_licence_checks c
            join users e on e.tenant_id = c.tenant_id and e.id = c.examiner_id
           where c.tenant_id = ${tenantId} and c.booking_id = ${bookingId}
           order by c.created_at desc limit 1) lc on true`),
  );
  return {
    licence: row?.check_id ? toGuestLicence(row) : null,
    graceDays: Number(row?.grace_days ?? defaults.graceDays),
  };
}

/** The latest check of each listed guest booking (the reception's list shows whether the licence is recorded). */
export async function guestLicencesOfBookings(
  tx: Db,
  tenantId: string,
  bookingIds: readonly string[],
  defaults: LicenceSettings,
): Promise<Map<string, GuestLicence>> {
  if (bookingIds.length === 0) return new Map();
  const rows = rowsOf<GuestLicenceRow & { booking_id: string }>(
    await tx.execute(sql`
      select distinct on (c.booking_id) c.booking_id::text, ${columns(tenantId, defaults)}
        from guest_licence_checks c
        join users e on e.tenant_id = c.tenant_id and e.id = c.examiner_id
       where c.tenant_id = ${tenantId} and c.booking_id in (${sql.join(
         bookingIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
       order by c.booking_id, c.created_at desc`),
  );
  return new Map(rows.map((r) => [r.booking_id, toGuestLicence(r)]));
}

export interface NewGuestCheck {
  bookingId: string;
  guestName: string;
  guestEmail: string;
  checkedOn: string;
  examinerId: string;
  method: string;
  classes: string[];
  licenceNumber: string;
  issueDate: string;
  banFrom: string | null;
  banTo: string | null;
  remark: string | null;
}

export async function insertGuestCheck(tx: Db, tenantId: string, c: NewGuestCheck): Promise<string> {
  const [row] = await tx
    .insert(guestLicenceChecks)
    .values({ tenantId, ...c })
    .returning({ id: guestLicenceChecks.id });
  return row!.id;
}

export interface GuestDriverRow extends GuestLicence {
  guestName: string;
  guestEmail: string;
  lastBookingFrom: Date;
  vehicleLabel: string;
  state: string;
}

/**
 * Guest drivers with a recorded licence: the latest check per guest e-mail, with
 * the state as for employees, one statement per page (total by window function).
 */
export async function listGuestDrivers(
  tx: Db,
  tenantId: string,
  q: { today: string; defaults: LicenceSettings; search?: string; limit: number; offset: number },
): Promise<{ rows: GuestDriverRow[]; total: number }> {
  const term = likeNeedle(q.search);
  const rows = rowsOf<
    GuestLicenceRow & { guest_name: string; guest_email: string; von: Date | string; vehicle_label: string; state: string; total: number }
  >(
    await tx.execute(sql`
      with lc as (
        select distinct on (lower(c.guest_email)) c.guest_name, c.guest_email, b.von, v.brand || ' ' || v.model as vehicle_label,
               ${columns(tenantId, q.defaults)}
          from guest_licence_checks c
          join users e on e.tenant_id = c.tenant_id and e.id = c.examiner_id
          join vehicle_bookings b on b.tenant_id = c.tenant_id and b.id = c.booking_id
          join vehicles v on v.tenant_id = b.tenant_id and v.id = b.vehicle_id
         where c.tenant_id = ${tenantId}
           ${term ? sql`and ${idMatches(sql`c.id`, 'guestChecks', term)}` : sql``}
         order by lower(c.guest_email), c.checked_on desc, c.created_at desc)
      select lc.*, ${stateExpr(q.today, tenantNumber(tenantId, REMINDER, q.defaults.reminderDays))} as state, count(*) over () as total
        from lc
       order by lc.von desc, lc.guest_name
       limit ${q.limit} offset ${q.offset}`),
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({
      ...toGuestLicence(r),
      guestName: r.guest_name,
      guestEmail: r.guest_email,
      lastBookingFrom: new Date(r.von),
      vehicleLabel: r.vehicle_label,
      state: r.state,
    })),
  };
}
