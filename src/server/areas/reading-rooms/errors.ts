import { defineErrors } from '@domain/errors';

/** The refusals of the reading-rooms area, German and English side by side (decision 198). */
export const readingRoomsErrors = defineErrors({
  reading_booking_changed: {
    status: 409,
    de: 'Die Buchung wurde inzwischen geändert. Bitte laden Sie die Ansicht neu.',
    en: 'The booking has been changed in the meantime. Please reload the view.',
  },
  people_query_too_short: {
    status: 400,
    de: 'Bitte geben Sie mindestens drei Zeichen eines Namens oder einer E-Mail-Adresse ein.',
    en: 'Please enter at least three characters of a name or e-mail address.',
  },
  feature_disabled: {
    status: 403,
    de: 'Diese Funktion ist für Ihre Organisation nicht eingeschaltet.',
    en: 'This feature is not switched on for your organisation.',
  },
});
