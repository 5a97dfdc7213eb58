import type { CreateGuestBookingRequest, GuestBookingDto } from '@contracts/guests';
import { withTenant } from '@db/client';
import { dayListEntries, GUEST_NOTES_MAX, normalizeEmail, normalizeGuestName, normalizePhone } from '@domain/guest-booking';
import { blockedUntil, parseBookingStatus } from '@domain/vehicle-booking';
import { addDays, berlinDay, startOfDay } from '@domain/vehicle-time';
import { earliestOpenGuestStart, type GuestBookingRow, insertGuest, listGuestBookings } from '@server/areas/guests/guest-repository';
import { guestBookingMail } from '@server/areas/guests/guest-templates';
import {
  checkPeriod,
  findBooking,
  findVehicles,
  insertBooking,
  lockVehicle,
  mapOverlap,
  notFound,
  requestApprovals,
  VEHICLE_TOPIC,
  vehicleSettings,
} from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import { withIcs } from '@server/kernel/mail/render';
import type { UserContext } from '../../kernel/context';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { guestVehicleIcs, invitationFor } from '../calendar/public';
import { guestsErrors } from './errors';
import { guestSettings } from './guest-settings';
import { hashToken, newToken } from './tokens';

export const GUEST_BOOKING_OFF_MESSAGE = guestsErrors.entries.guest_booking_off.de;
export const VEHICLE_NOT_FOR_GUESTS_MESSAGE = guestsErrors.entries.vehicle_not_for_guests.de;
export const INVALID_NAME_MESSAGE = guestsErrors.entries.guest_name_invalid.de;
export const INVALID_EMAIL_MESSAGE = guestsErrors.entries.guest_email_invalid.de;
export const INVALID_PHONE_MESSAGE = guestsErrors.entries.guest_phone_invalid.de;

export const cancelPageUrl = (origin: string, token: string) => `${origin}/pub/fahrzeugbuchungstorno?token=${token}`;

/** Guest name, e-mail and phone as a visitor or the reception typed them, normalised, or a clear German message. */
export function checkGuestInput(name: string, email: string, phone: string | undefined, phoneRequired: boolean) {
  const n = normalizeGuestName(name);
  if (!n) throw guestsErrors.fail('guest_name_invalid');
  const e = normalizeEmail(email);
  if (!e) throw guestsErrors.fail('guest_email_invalid');
  const raw = phone?.trim() ?? '';
  if (!raw && phoneRequired) throw guestsErrors.fail('guest_phone_invalid');
  const p = raw ? normalizePhone(raw) : null;
  if (raw && !p) throw guestsErrors.fail('guest_phone_invalid');
  return { name: n, email: e, phone: p };
}

export function toGuestBookingDto(r: GuestBookingRow): GuestBookingDto {
  return {
    id: r.id,
    vehicleId: r.vehicleId,
    vehicleLabel: r.vehicleLabel,
    licensePlate: r.licensePlate,
    von: r.von.toISOString(),
    bis: r.bis.toISOString(),
    status: parseBookingStatus(r.status),
    guestName: r.guestName,
    guestEmail: r.guestEmail,
    guestPhone: r.guestPhone,
    notes: r.notes,
    confirmed: r.confirmed,
    source: r.source as 'empfang' | 'gaesteverleih',
    bookedByName: r.bookedByName,
    requiredLicenseClass: r.requiredLicenseClass,
    licence: r.licence,
  };
}

/**
 * A booking by the reception for a guest (docs/product.md#guests): every rule of a normal
 * booking (availability, gap, window, minimum duration, special trips) and the
 * same no-overlap constraint; the receptionist is booker and driver, so the
 * hand-over and return are their start and end trip. Unconfirmed bookings wait
 * as vorgemerkt until the guest confirms (decision 050).
 */
export async function createGuestBooking(deps: Deps, user: UserContext, origin: string, req: CreateGuestBookingRequest) {
  const tenantId = user.tenant.id;
  const now = new Date();
  const von = new Date(req.von);
  const bis = new Date(req.bis);
  const notes = req.notes?.trim() || null;
  if (notes && notes.length > GUEST_NOTES_MAX) throw guestsErrors.fail('guest_notes_too_long');
  const token = newToken();
  const result = await withTenant(deps.database.db, tenantId, async (tx) => {
    const gs = await guestSettings(tx, tenantId);
    if (!gs.guestBookingActive) throw guestsErrors.fail('guest_booking_off');
    const guest = checkGuestInput(req.guestName, req.guestEmail, req.guestPhone, false);
    if (!(await lockVehicle(tx, tenantId, req.vehicleId))) throw notFound();
    const [v] = await findVehicles(tx, tenantId, { ids: [req.vehicleId] });
    if (!v) throw notFound();
    if (!v.guestBookingPossible) throw guestsErrors.fail('vehicle_not_for_guests');
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    const needsApproval = await checkPeriod(tx, tenantId, v, s, von, bis, now);
    const id = await insertBooking(tx, tenantId, {
      vehicleId: v.id,
      von,
      bis,
      blockedUntil: blockedUntil(bis, s.minGapMinutes),
      type: 'BUCHUNG',
      status: gs.confirmationNeeded ? 'vorgemerkt' : 'reserviert',
      bookedById: user.member.id,
      driverId: user.member.id,
      reason: null,
      passengers: null,
      destination: null,
      stopover: null,
      contact: null,
      detour: null,
      infoText: `Gast: ${guest.name}`,
      needsApproval,
    }).catch(mapOverlap);
    await insertGuest(tx, tenantId, {
      bookingId: id,
      ...guest,
      notes,
      locale: req.locale,
      source: 'empfang',
      confirmedAt: gs.confirmationNeeded ? null : now,
      tokenHash: hashToken(token),
    });
    const b = (await findBooking(tx, tenantId, id))!;
    const approvals: PendingMail[] = needsApproval ? await requestApprovals(tx, tenantId, b, origin) : [];
    await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'created', id, scope: v.id });
    const [row] = (await listGuestBookings(tx, tenantId, von, bis)).filter((r) => r.id === id);
    const invite = await invitationFor(tx, deps, tenantId, { id: null, email: guest.email, name: guest.name });
    return { row: row!, location: b.locationName, approvals, gs, guest, invite };
  });
  await sendAll(deps, tenantId, result.approvals);
  await deps.mailer.send({
    tenantId,
    to: result.guest.email,
    ...withIcs(
      guestBookingMail({
        guestName: result.guest.name,
        vehicle: result.row.vehicleLabel,
        plate: result.row.licensePlate,
        von,
        bis,
        tenantName: user.tenant.name,
        locale: req.locale,
        url: cancelPageUrl(origin, token),
        needsConfirmation: result.gs.confirmationNeeded,
        contact: result.gs.contact,
      }),
      guestVehicleIcs(
        { id: result.row.id, von, bis, vehicle: result.row.vehicleLabel, plate: result.row.licensePlate, location: result.location },
        req.locale,
        result.gs.confirmationNeeded ? 'vorgemerkt' : 'reserviert',
        new Date(),
        result.invite,
      ),
    ),
  });
  return toGuestBookingDto(result.row);
}

/** Guest bookings from yesterday on (the overview and the sidebar list). */
export async function listUpcomingGuestBookings(deps: Deps, user: UserContext, includePast: boolean) {
  const tenantId = user.tenant.id;
  const now = new Date();
  const from = includePast ? new Date(now.getTime() - 90 * 86_400_000) : startOfDay(addDays(berlinDay(now), -1));
  const to = new Date(now.getTime() + 3650 * 86_400_000);
  const rows = await withTenant(deps.database.db, tenantId, (tx) => listGuestBookings(tx, tenantId, from, to));
  return { bookings: rows.map(toGuestBookingDto) };
}

/** The reception's day list: hand-overs and returns of a Berlin day, plus everything overdue until now. */
export async function dayList(deps: Deps, user: UserContext, day?: string) {
  const tenantId = user.tenant.id;
  const now = new Date();
  const d = day ?? berlinDay(now);
  const dayStart = startOfDay(d);
  const dayEnd = startOfDay(addDays(d, 1));
  const rows = await withTenant(deps.database.db, tenantId, async (tx) => {
    const earliest = await earliestOpenGuestStart(tx, tenantId, now);
    const from = earliest && earliest < dayStart ? earliest : dayStart;
    return listGuestBookings(tx, tenantId, from, dayEnd, 2000);
  });
  return {
    day: d,
    entries: dayListEntries(rows, dayStart, dayEnd, now).map((e) => ({
      kind: e.kind,
      at: e.at.toISOString(),
      booking: toGuestBookingDto(e.booking),
    })),
  };
}

/** Vehicles the reception may book for guests. */
export async function guestVehicles(deps: Deps, user: UserContext) {
  const tenantId = user.tenant.id;
  const list = await withTenant(deps.database.db, tenantId, (tx) => findVehicles(tx, tenantId));
  return {
    vehicles: list
      .filter((v) => v.guestBookingPossible)
      .map((v) => ({ id: v.id, label: `${v.brand} ${v.model}`, licensePlate: v.licensePlate, category: v.category })),
  };
}
