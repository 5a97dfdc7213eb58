import { defineErrors } from '@domain/errors';

/** The refusals of the driving-licences area, German and English side by side (decision 198). */
export const drivingLicencesErrors = defineErrors({
  booking_not_found: { status: 404, code: 'not_found', de: 'Buchung nicht gefunden.', en: 'Booking not found.' },
  check_not_found: { status: 404, code: 'not_found', de: 'Prüfung nicht gefunden.', en: 'Check not found.' },
  licence_scans_off: {
    status: 409,
    de: 'Scans von Führerscheinen werden in Ihrer Organisation nicht gespeichert.',
    en: 'Scans of driving licences are not stored in your organisation.',
  },
  person_not_found: { status: 404, code: 'not_found', de: 'Person nicht gefunden.', en: 'Person not found.' },
  guest_licence_closed: {
    status: 409,
    de: 'Für eine stornierte oder abgeschlossene Buchung wird kein Führerschein mehr erfasst.',
    en: 'No licence is recorded any more for a cancelled or completed booking.',
  },
});
