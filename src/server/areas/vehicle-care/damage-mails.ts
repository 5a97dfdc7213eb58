import type { Db } from '@db/client';
import { membersWithPermission } from '@server/areas/people/public';
import type { PendingMail } from '../../kernel/notifications/pending-mail';
import { damageReportedMail } from './vehicle-care-templates';

/**
 * The mails of a reported damage, apart from the damage use cases: the trip's
 * end reports damages too, and the vehicles area reaches it through
 * public.ts without a circle back into its own files.
 */
export const detailUrl = (origin: string, vehicleId: string) => `${origin}/fahrzeuge/${vehicleId}?tab=schaeden`;

/** Mails every fleet manager (fahrzeug_pflege) the damage text at once; sent after the commit. */
export async function damageMails(
  tx: Db,
  tenantId: string,
  v: { id: string; label: string; plate: string },
  d: { description: string; reporter: string; at: Date },
  origin: string,
): Promise<PendingMail[]> {
  const managers = await membersWithPermission(tx, tenantId, 'fahrzeug_pflege');
  return managers.map((m) => ({
    to: m.email,
    recipientId: m.id,
    render: (locale) =>
      damageReportedMail({
        name: m.name,
        vehicle: v.label,
        plate: v.plate,
        url: detailUrl(origin, v.id),
        reporter: d.reporter,
        at: d.at,
        description: d.description,
        locale,
      }),
  }));
}
