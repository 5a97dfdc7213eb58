import { defineErrors } from '@domain/errors';

/** The refusals of the tenant area, German and English side by side (decision 198). */
export const tenantErrors = defineErrors({
  logo_not_found: { status: 404, code: 'not_found', de: 'Dieser Mandant hat kein Logo.', en: 'This tenant has no logo.' },
  domain_not_found: { status: 404, de: 'Diese Domain gehört nicht zu Ihrem Mandanten.', en: 'This domain does not belong to your tenant.' },
  tenant_not_found: { status: 404, code: 'not_found', de: 'Mandant nicht gefunden.', en: 'Tenant not found.' },
  domain_taken: {
    status: 409,
    texts: (p: { domain: string }) => ({
      de: `Die Domain „${p.domain}“ ist bereits vergeben.`,
      en: `The domain "${p.domain}" is already taken.`,
    }),
  },
  domain_in_use: {
    status: 409,
    texts: (p: { domain: string }) => ({
      de: `Die Domain „${p.domain}“ wird gerade verwendet und kann nicht entfernt werden. Melden Sie sich über eine andere Domain an, um sie zu entfernen.`,
      en: `The domain "${p.domain}" is in use right now and cannot be removed. Sign in through another domain to remove it.`,
    }),
  },
});
