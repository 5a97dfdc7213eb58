import { defineErrors } from '@domain/errors';

/** The refusals of the tenant area, German and English side by side (decision 198). */
export const tenantErrors = defineErrors({
  logo_not_found: { status: 404, code: 'not_found', de: 'Dieser Mandant hat kein Logo.', en: 'This tenant has no logo.' },
  domain_not_found: { status: 404, de: 'Diese Domain gehört nicht zu Ihrem Mandanten.', en: 'This domain does not belong to your tenant.' },
  tenant_not_found: { status: 404, code: 'not_found', de: 'Mandant nicht gefunden.', en: 'Tenant not found.' },
});
