import { z } from 'zod';

/** /admin/mandanten: the tenant's own data, for holders of customizing_mandant_pflege. */

/** A host name as browsers send it: lower case labels of letters, digits and hyphens, separated by dots. */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/, {
    message: 'Bitte geben Sie eine gültige Domain ein, z. B. buchung.beispiel.de.',
  });

export const tenantAdminData = z.object({
  id: z.string(),
  name: z.string(),
  subIdentifier: z.string(),
  customerName: z.string().nullable(),
  privacyText: z.string(),
  imprintText: z.string(),
  features: z.array(z.string()),
  hasLogo: z.boolean(),
  domains: z.array(z.object({ domain: z.string(), current: z.boolean() })),
});

export const tenantAdminPatch = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  customerName: z.string().trim().max(200).nullable().optional(),
  privacyText: z.string().max(50_000).optional(),
  imprintText: z.string().max(50_000).optional(),
});

export const domainRequest = z.object({ domain: domainName });
export const domainParams = z.object({ domain: z.string().max(253) });
