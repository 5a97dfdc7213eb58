import type { AbsenceResponse } from '@contracts/absence';
import { type Db, withTenant } from '@db/client';
import { handoverChoices, otherPersonOf } from '@domain/absence-handover';
import { addDays, germanDay, instantOf } from '@domain/opening-hours';
import { formatDate, formatTime } from '@domain/time';
import {
  cancelSeatBookings,
  handOverVehicleBookings,
  seatBookingIdsInRange,
  vehicleBookingIdsForOthersInRange,
  vehicleBookingIdsInRange,
} from '@server/areas/absence/absence-repository';
import { absenceForOtherMail, absenceMail, absencePreBookingMail, type HandedOverLine } from '@server/areas/absence/absence-templates';
import { findMemberById } from '@server/areas/people/public';
import { findBooking as findSeatBooking, SEAT_TOPIC, type BookingRecord as SeatBooking } from '@server/areas/reading-rooms/public';
import {
  cancelBookings as cancelVehicleBookings,
  findBookingsByIds as findVehicleBookings,
  VEHICLE_TOPIC,
  type BookingRecord as VehicleBooking,
} from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import { withIcs } from '@server/kernel/mail/render';
import { audit } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { mailIcs, seatEvent, vehicleEvent } from '../calendar/public';
import { absenceErrors } from './errors';

/**
 * Absence in one step (decision 092): every booking of the person in the
 * days from–to is cancelled in one transaction — seats and desks (own and
 * booked for them), vehicles not yet started, and pre-bookings they made for
 * others (whose person is told). One mail to the person with all cancelled
 * events. Fleet managers and administrators may do it for someone else; that
 * is written to the audit trail.
 */

/** Who may record someone else's absence. */
const MAY_ACT_FOR_OTHERS = ['fahrzeug_pflege', 'benutzer_pflegen'] as const;

const ABSENCE_REASON = 'Storniert wegen Abwesenheit';
const MAX_ABSENCE_DAYS = 366;

interface Found {
  vehicles: VehicleBooking[];
  seats: SeatBooking[];
}

async function findInRange(tx: Db, tenantId: string, personId: string, from: string, to: string, now: Date): Promise<Found> {
  const start = instantOf(from, '00:00');
  const end = instantOf(addDays(to, 1), '00:00');
  const vehicleIds = [
    ...(await vehicleBookingIdsInRange(tx, tenantId, personId, start, end)),
    ...(await vehicleBookingIdsForOthersInRange(tx, tenantId, personId, start, end)),
  ];
  const vehicles = await findVehicleBookings(tx, tenantId, [...new Set(vehicleIds)]);
  const seats: SeatBooking[] = [];
  for (const id of await seatBookingIdsInRange(tx, tenantId, personId, start, end, now))
    seats.push((await findSeatBooking(tx, tenantId, id))!);
  vehicles.sort((a, b) => a.von.getTime() - b.von.getTime());
  return { vehicles, seats };
}

const period = (von: Date, bis: Date) => `${formatDate(von)} ${formatTime(von)}–${formatTime(bis)}`;

const vehicleOther = (b: VehicleBooking, personId: string) =>
  otherPersonOf({ kind: 'fahrzeug', bookerId: b.bookedBy.id, driverId: b.driver.id }, personId);
const seatOther = (b: SeatBooking, personId: string) =>
  otherPersonOf({ kind: 'platz', bookerId: b.bookerId, confirmingId: b.confirmingId }, personId);

function toResponse(found: Found, personId: string, cancelled: number, handedOver: ReadonlySet<string> = new Set()): AbsenceResponse {
  return {
    cancelled,
    handedOver: handedOver.size,
    bookings: [
      ...found.vehicles.map((b) => ({
        kind: 'fahrzeug' as const,
        id: b.id,
        label: `${b.vehicleLabel} (${b.licensePlate})`,
        von: b.von.toISOString(),
        bis: b.bis.toISOString(),
        forOther: vehicleOther(b, personId) ? b.driver.name : null,
        handedOver: handedOver.has(b.id),
      })),
      ...found.seats.map((b) => ({
        kind: 'platz' as const,
        id: b.id,
        label: `${b.objectName} (${b.floorPlanName})`,
        von: b.von.toISOString(),
        bis: b.bis.toISOString(),
        forOther: seatOther(b, personId) ? b.confirmingName : null,
        handedOver: handedOver.has(b.id),
      })),
    ].sort((a, b) => a.von.localeCompare(b.von)),
  };
}

async function resolvePerson(tx: Db, user: UserContext, personId: string | undefined) {
  const tenantId = user.tenant.id;
  if (!personId || personId === user.member.id) return user.member;
  if (!MAY_ACT_FOR_OTHERS.some((p) => user.permissions.has(p))) {
    throw absenceErrors.fail('not_for_others');
  }
  const person = await findMemberById(tx, tenantId, personId);
  if (!person) throw absenceErrors.fail('person_not_found');
  return person;
}

function checkRange(from: string, to: string) {
  // Its own sentence: "Bis nicht nach von im Zeitraum!" is the catalogue's text for vehicle periods (decision 191).
  if (to < from) throw absenceErrors.fail('absence_order');
  if (addDays(from, MAX_ABSENCE_DAYS) < to) throw absenceErrors.fail('absence_too_long');
}

/** What an absence would cancel; nothing changes. */
export async function previewAbsence(
  deps: Deps,
  user: UserContext,
  input: { from: string; to: string; personId?: string },
  now = new Date(),
): Promise<AbsenceResponse> {
  checkRange(input.from, input.to);
  return withTenant(deps.database.db, user.tenant.id, async (tx) => {
    const person = await resolvePerson(tx, user, input.personId);
    return toResponse(await findInRange(tx, user.tenant.id, person.id, input.from, input.to, now), person.id, 0);
  });
}

/** Cancels everything in the range in one transaction; one mail to the person, a notice to each person a pre-booking was for. */
export async function recordAbsence(
  deps: Deps,
  user: UserContext,
  input: { from: string; to: string; personId?: string; handOver?: readonly string[] },
  now = new Date(),
): Promise<AbsenceResponse> {
  checkRange(input.from, input.to);
  const tenantId = user.tenant.id;
  const { result, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const person = await resolvePerson(tx, user, input.personId);
    const found = await findInRange(tx, tenantId, person.id, input.from, input.to, now);
    const byOther = person.id !== user.member.id;
    const reason = byOther ? `${ABSENCE_REASON} (eingetragen von ${user.member.firstName} ${user.member.lastName})` : ABSENCE_REASON;
    // Decision 111: bookings made for others are handed over when chosen; refused ids stop everything before any write.
    const choices = handoverChoices(
      [...found.vehicles.filter((b) => vehicleOther(b, person.id)), ...found.seats.filter((b) => seatOther(b, person.id))],
      input.handOver ?? [],
    );
    const keep = (id: string) => choices.get(id) === 'uebergeben';
    const handedVehicles = await handOverVehicleBookings(
      tx,
      tenantId,
      found.vehicles.filter((b) => keep(b.id)).map((b) => b.id),
    );
    const handedOver = new Set([...handedVehicles, ...found.seats.filter((b) => keep(b.id)).map((b) => b.id)]);
    const vehicleIds = await cancelVehicleBookings(
      tx,
      tenantId,
      found.vehicles.filter((b) => !keep(b.id)).map((b) => b.id),
      reason,
    );
    const seatIds = await cancelSeatBookings(
      tx,
      tenantId,
      found.seats.filter((b) => !keep(b.id)).map((b) => b.id),
      now,
      reason,
    );
    const vehicles = found.vehicles.filter((b) => vehicleIds.includes(b.id));
    const seats = found.seats.filter((b) => seatIds.includes(b.id));
    for (const b of vehicles)
      await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'cancelled', id: b.id, scope: b.vehicleId });
    for (const b of seats)
      await deps.events.publish(tx, { tenantId, topic: SEAT_TOPIC, type: 'cancelled', id: b.id, scope: b.floorPlanId });
    const name = `${person.firstName} ${person.lastName}`;
    const from = germanDay(input.from);
    const to = germanDay(input.to);
    if (byOther) {
      await audit(tx, user, {
        action: 'ändern',
        subjectType: 'abwesenheit',
        subjectId: person.id,
        subjectName: name,
        changes: [{ field: 'abwesenheit', old: null, new: `${from} – ${to}: ${vehicles.length + seats.length} Buchungen storniert` }],
      });
    }
    const mails: PendingMail[] = [];
    const lines = [
      ...vehicles.map((b) => `${period(b.von, b.bis)} ${b.vehicleLabel} (${b.licensePlate})`),
      ...seats.map((b) => `${period(b.von, b.bis)} ${b.objectName} (${b.floorPlanName})`),
    ];
    // Decision 160: the person's own mail also says which bookings went to whom; only the cancelled ones are attached.
    const handedLines: HandedOverLine[] = [
      ...found.vehicles
        .filter((b) => handedOver.has(b.id))
        .map((b) => ({ line: `${period(b.von, b.bis)} ${b.vehicleLabel} (${b.licensePlate})`, to: b.driver.name })),
      ...found.seats
        .filter((b) => handedOver.has(b.id))
        .map((b) => ({ line: `${period(b.von, b.bis)} ${b.objectName} (${b.floorPlanName})`, to: b.confirmingName ?? '' })),
    ];
    if (lines.length > 0 || handedLines.length > 0) {
      mails.push({
        to: person.email,
        recipientId: person.id,
        invitee: name,
        render: (locale, invite) => {
          const mail = absenceMail({
            locale,
            name,
            from,
            to,
            lines,
            handedOver: handedLines,
            by: byOther ? `${user.member.firstName} ${user.member.lastName}` : null,
          });
          return lines.length === 0
            ? mail
            : withIcs(
                mail,
                mailIcs(
                  [...vehicles.map((b) => vehicleEvent(b, 'storniert', now)), ...seats.map((b) => seatEvent(b, 'storniert', now))],
                  locale,
                  invite,
                ),
              );
        },
      });
    }
    // The driver of a vehicle booked for them: told about the hand-over or the cancellation, with the event.
    for (const b of found.vehicles) {
      if (!vehicleOther(b, person.id) || !(handedOver.has(b.id) || vehicleIds.includes(b.id))) continue;
      const given = handedOver.has(b.id);
      mails.push({
        to: b.driver.email,
        recipientId: b.driver.id,
        invitee: b.driver.name,
        render: (locale, invite) =>
          withIcs(
            absenceForOtherMail({
              locale,
              name: b.driver.name,
              absent: name,
              line: `${b.vehicleLabel} (${b.licensePlate}) ${period(b.von, b.bis)}`,
              kind: 'fahrzeug',
              handedOver: given,
            }),
            // Handed over or cancelled, the row was changed by one statement after it was read.
            mailIcs([vehicleEvent(b, given ? b.status : 'storniert', now, 1)], locale, invite),
          ),
      });
    }
    // A pre-booking handed over stays as it is: its person confirms it as usual.
    for (const b of found.seats) {
      if (!handedOver.has(b.id) || !b.confirmingId || !b.confirmingEmail) continue;
      const confirmingId = b.confirmingId;
      const confirmingEmail = b.confirmingEmail;
      mails.push({
        to: confirmingEmail,
        recipientId: confirmingId,
        invitee: b.confirmingName ?? '',
        render: (locale, invite) =>
          withIcs(
            absenceForOtherMail({
              locale,
              name: b.confirmingName ?? '',
              absent: name,
              line: `${b.objectName} (${b.floorPlanName}) ${period(b.von, b.bis)}`,
              kind: 'platz',
              handedOver: true,
            }),
            mailIcs([seatEvent(b, b.status, now)], locale, invite),
          ),
      });
    }
    for (const b of seats) {
      if (b.bookerId !== person.id || !b.confirmingId || !b.confirmingEmail) continue;
      const confirmingId = b.confirmingId;
      const confirmingEmail = b.confirmingEmail;
      mails.push({
        to: confirmingEmail,
        recipientId: confirmingId,
        invitee: b.confirmingName ?? '',
        render: (locale, invite) =>
          withIcs(
            absencePreBookingMail({
              locale,
              name: b.confirmingName ?? '',
              absent: name,
              line: `${b.objectName} (${b.floorPlanName}) ${period(b.von, b.bis)}`,
            }),
            mailIcs([seatEvent(b, 'storniert', now)], locale, invite),
          ),
      });
    }
    const kept = { vehicles: found.vehicles.filter((b) => handedOver.has(b.id)), seats: found.seats.filter((b) => handedOver.has(b.id)) };
    return {
      result: toResponse(
        { vehicles: [...vehicles, ...kept.vehicles], seats: [...seats, ...kept.seats] },
        person.id,
        vehicles.length + seats.length,
        handedOver,
      ),
      mails,
    };
  });
  await sendAll(deps, tenantId, mails);
  return result;
}
