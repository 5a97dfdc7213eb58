import { defineErrors } from '@domain/errors';
import { LOGBOOK_MESSAGES } from '@domain/logbook';

/** The refusals of the logbook area, German and English side by side (decision 198). */
export const logbookErrors = defineErrors({
  not_found: { status: 404, de: 'Export nicht gefunden.', en: 'Not found.' },
  not_found_2: { status: 404, code: 'not_found', de: 'Fahrzeug nicht gefunden.', en: 'Not found.' },
  export_not_ready: { status: 409, de: 'Der Export ist noch nicht fertig.', en: 'The export is not finished yet.' },
  not_found_3: { status: 404, code: 'not_found', de: 'Fahrtenbucheintrag nicht gefunden.', en: 'Not found.' },
  period_order: { status: 400, de: LOGBOOK_MESSAGES.periodOrder, en: 'The end of the period must be after its start.' },
  already_corrected: {
    status: 409,
    de: LOGBOOK_MESSAGES.alreadyCorrected,
    en: 'This entry has been corrected in the meantime. Please reload the logbook.',
  },
});
