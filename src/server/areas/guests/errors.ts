import { defineErrors } from '@domain/errors';
import { MESSAGES } from '@domain/vehicle-booking';

/** The refusals of the guests area, German and English side by side (decision 198). */
export const guestsErrors = defineErrors({
  guest_notes_too_long: { status: 400, de: 'Die Notiz ist zu lang.', en: 'The note is too long.' },
  bis_not_after_von: { status: 400, de: MESSAGES.bisNotAfterVon, en: 'End is not after start in the period!' },
  booking_in_past: { status: 400, de: 'Der Zeitraum liegt in der Vergangenheit.', en: 'The period lies in the past.' },
  image_not_found: { status: 404, code: 'not_found', de: 'Bild nicht gefunden.', en: 'Image not found.' },
  bike_unknown: { status: 404, de: 'Dieses Rad gibt es hier nicht.', en: 'There is no such bike here.' },
});
