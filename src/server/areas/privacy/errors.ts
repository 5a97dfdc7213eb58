import { defineErrors } from '@domain/errors';

/** The refusals of the privacy area, German and English side by side (decision 198). */
export const privacyErrors = defineErrors({
  export_not_found: { status: 404, code: 'not_found', de: 'Export nicht gefunden.', en: 'Export not found.' },
  export_not_ready: { status: 409, de: 'Der Export ist noch nicht fertig.', en: 'The export is not finished yet.' },
});
