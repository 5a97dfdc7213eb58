import { z } from 'zod';

/** Privacy (DSGVO): a person's export of their own data (decision 105). */

export const personalDataExport = z.object({
  id: z.uuid(),
  status: z.enum(['wartend', 'laeuft', 'fertig', 'fehler']),
  /** 0–100. */
  percent: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  /** When the file is removed (a day after it was started). */
  expiresAt: z.string(),
});
export type PersonalDataExport = z.infer<typeof personalDataExport>;
export const personalDataExportList = z.object({ exports: z.array(personalDataExport) });
export const personalDataExportParams = z.object({ id: z.uuid() });
