import { AppError } from './errors';

/**
 * Removing seats, rooms and floor plans safely (decision 025). Pure rules:
 * which bookings a deactivation cancels, with which reason, and when an
 * object or plan may be deleted for good.
 */

/** What is being removed: a seat/desk, a group room or a whole floor plan. */
export type RemovalTarget = 'platz' | 'raum' | 'grundriss';

/** Reasons stored on bookings cancelled by a deactivation (worded like the vehicle's 'Storno, weil Fahrzeug deaktiviert wurde.'). */
export const REMOVAL_REASONS: Readonly<Record<RemovalTarget, string>> = {
  platz: 'Storno, weil Platz deaktiviert wurde.',
  raum: 'Storno, weil Raum deaktiviert wurde.',
  grundriss: 'Storno, weil Grundriss deaktiviert wurde.',
};

/** The target a stored cancel reason stands for, or null if the booking was cancelled otherwise. */
export function removalTargetOf(reason: string | null | undefined): RemovalTarget | null {
  if (!reason) return null;
  const hit = (Object.keys(REMOVAL_REASONS) as RemovalTarget[]).find((k) => REMOVAL_REASONS[k] === reason);
  return hit ?? null;
}

/**
 * The states a deactivation cancels – the same list as HOLDING_STATUSES of
 * reading-room-booking.ts (a unit test keeps them equal). Kept here so the web
 * sidebar can use this module without the booking rules and settings catalogue.
 */
export const OPEN_STATUSES: readonly string[] = ['vorgemerkt', 'reserviert'];

export interface RemovableBooking {
  status: string;
  bis: Date;
}

/**
 * A deactivation cancels the bookings that still hold the object from now on:
 * `vorgemerkt` or `reserviert` and not yet ended (a running, not yet checked-in
 * reservation included). Checked-in (`durchgeführt`) bookings are never
 * cancelled (docs/product.md#room-administration-and-kiosk); cancelled and past ones stay as they are.
 */
export function cancelledByDeactivation(b: RemovableBooking, now: Date): boolean {
  return OPEN_STATUSES.includes(b.status) && b.bis.getTime() > now.getTime();
}

const FIRST_EN: Record<RemovalTarget, (name: string) => string> = {
  platz: (name) => `${name} has already been booked and therefore cannot be deleted. Please deactivate it instead.`,
  raum: (name) => `${name} has already been booked and therefore cannot be deleted. Please deactivate it instead.`,
  grundriss: (name) =>
    `Places on the floor plan ${name} have already been booked; it therefore cannot be deleted. Please deactivate it instead.`,
};

const FIRST: Record<RemovalTarget, (name: string) => string> = {
  platz: (name) => `Der Platz „${name}“ wurde schon gebucht und kann deshalb nicht gelöscht werden.`,
  raum: (name) => `Der Raum „${name}“ wurde schon gebucht und kann deshalb nicht gelöscht werden.`,
  grundriss: (name) => `Auf dem Grundriss „${name}“ wurde schon gebucht; er kann deshalb nicht gelöscht werden.`,
};

/** Refusal of a deletion: anything ever booked is kept (bookings refer to it) and only deactivated. */
export function hasBookingsError(target: RemovalTarget, name: string): AppError {
  return new AppError(
    target === 'grundriss' ? 'reading_plan_has_bookings' : 'reading_object_has_bookings',
    { de: `${FIRST[target](name)} Bitte deaktivieren Sie ihn stattdessen.`, en: FIRST_EN[target](name) },
    409,
  );
}

/** A plan or object may be deleted for good only if no booking – in any state – ever referred to it. */
export function assertDeletable(target: RemovalTarget, name: string, bookingCount: number): void {
  if (bookingCount > 0) throw hasBookingsError(target, name);
}
