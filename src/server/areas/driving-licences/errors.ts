import { defineErrors } from '@domain/errors';

/** The refusals of the driving-licences area, German and English side by side (decision 198). */
export const drivingLicencesErrors = defineErrors({
  not_found: { status: 404, de: 'Buchung nicht gefunden.', en: 'Not found.' },
  not_found_2: { status: 404, code: 'not_found', de: 'Prüfung nicht gefunden.', en: 'Not found.' },
  licence_scans_off: {
    status: 409,
    de: 'Scans von Führerscheinen werden in Ihrer Organisation nicht gespeichert.',
    en: 'Scans of driving licences are not stored in your organisation.',
  },
  not_found_3: { status: 404, code: 'not_found', de: 'Person nicht gefunden.', en: 'Not found.' },
});
