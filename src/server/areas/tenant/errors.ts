import { defineErrors } from '@domain/errors';

/** The refusals of the tenant area, German and English side by side (decision 198). */
export const tenantErrors = defineErrors({
  not_found: { status: 404, de: 'Dieser Mandant hat kein Logo.', en: 'Not found.' },
  domain_not_found: { status: 404, de: 'Diese Domain gehört nicht zu Ihrem Mandanten.', en: 'This domain does not belong to your tenant.' },
  not_found_2: { status: 404, code: 'not_found', de: 'Mandant nicht gefunden.', en: 'Not found.' },
});
