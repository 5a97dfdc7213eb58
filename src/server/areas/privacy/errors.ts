import { defineErrors } from '@domain/errors';

/** The refusals of the privacy area, German and English side by side (decision 198). */
export const privacyErrors = defineErrors({
  not_found: { status: 404, de: 'Export nicht gefunden.', en: 'Not found.' },
  export_not_ready: { status: 409, de: 'Der Export ist noch nicht fertig.', en: 'The export is not finished yet.' },
});
