import { AppError } from './errors';

/**
 * Handing over at an absence (decision 111): a booking the absent person made
 * for someone else – a vehicle for another driver, a seat or desk pre-booked
 * for a colleague – is either handed over (it stays; a vehicle's driver
 * becomes its booker, a pre-booking stays with the person it is for) or
 * cancelled with a notice to that person. The person chooses per booking;
 * without a choice it is cancelled, as before.
 */

export type ForOtherChoice = 'uebergeben' | 'stornieren';

/** The other person of a booking the absent person made, or null when it is their own. */
export function otherPersonOf(
  b: { kind: 'fahrzeug'; bookerId: string; driverId: string } | { kind: 'platz'; bookerId: string; confirmingId: string | null },
  personId: string,
): string | null {
  if (b.bookerId !== personId) return null;
  const other = b.kind === 'fahrzeug' ? b.driverId : b.confirmingId;
  return other && other !== personId ? other : null;
}

export const HANDOVER_REFUSED = 'Nur Buchungen, die Sie für andere gemacht haben, können übergeben werden.';

/**
 * The choice for every booking made for someone else. An id to hand over
 * that is not such a booking of this absence is refused before anything is
 * written.
 */
export function handoverChoices(forOthers: readonly { id: string }[], handOver: readonly string[]): Map<string, ForOtherChoice> {
  const known = new Set(forOthers.map((b) => b.id));
  const unknown = handOver.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new AppError('handover_refused', { de: HANDOVER_REFUSED, en: 'Only bookings you made for others can be handed over.' }, 400);
  const chosen = new Set(handOver);
  return new Map(forOthers.map((b) => [b.id, chosen.has(b.id) ? 'uebergeben' : 'stornieren']));
}
