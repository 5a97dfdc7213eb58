import { defineErrors } from '@domain/errors';
import { LOGBOOK_MESSAGES } from '@domain/logbook';

/** The refusals of the logbook area, German and English side by side (decision 198). */
export const logbookErrors = defineErrors({
  export_not_found: { status: 404, code: 'not_found', de: 'Export nicht gefunden.', en: 'Export not found.' },
  vehicle_not_found: { status: 404, code: 'not_found', de: 'Fahrzeug nicht gefunden.', en: 'Vehicle not found.' },
  export_not_ready: { status: 409, de: 'Der Export ist noch nicht fertig.', en: 'The export is not finished yet.' },
  entry_not_found: { status: 404, code: 'not_found', de: 'Fahrtenbucheintrag nicht gefunden.', en: 'Logbook entry not found.' },
  period_order: { status: 400, de: LOGBOOK_MESSAGES.periodOrder, en: 'The end of the period must be after its start.' },
  already_corrected: {
    status: 409,
    de: LOGBOOK_MESSAGES.alreadyCorrected,
    en: 'This entry has been corrected in the meantime. Please reload the logbook.',
  },
});
