import { withTenant } from '@db/client';
import { dueState } from '@domain/vehicle-care';
import { berlinDay } from '@domain/vehicle-time';
import { membersWithPermission } from '@server/areas/people/public';
import { listTenantIdsWithFeature } from '@server/areas/tenant/public';
import { claimServiceReminder, serviceDueDates } from '@server/areas/vehicle-care/vehicle-care-repository';
import { type DueItem, serviceDueMail } from '@server/areas/vehicle-care/vehicle-care-templates';
import type { Deps } from '@server/deps';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { effectiveSetting } from '../settings/public';

/**
 * The daily reminder of Hauptuntersuchung and inspection dates (decision 072): every due date that
 * enters the tenant's lead time (`fahrzeugWartungVorlaufTage`), or is found already passed, is claimed
 * once in `service_due_reminders` and mailed to every fleet manager in one list per run. A second run,
 * or a second node, finds nothing left to claim; a run after downtime sends what was missed.
 */
export async function sendServiceDueReminders(deps: Deps, now = new Date()): Promise<number> {
  const today = berlinDay(now);
  let sent = 0;
  for (const tenantId of await listTenantIdsWithFeature(deps.database.db, 'fahrzeug')) {
    const mails = await withTenant(deps.database.db, tenantId, async (tx) => {
      const lead = await effectiveSetting(tx, tenantId, null, 'fahrzeugWartungVorlaufTage');
      const items: DueItem[] = [];
      for (const d of await serviceDueDates(tx, tenantId)) {
        const state = dueState(d.nextDueOn, today, lead);
        if (state === null || !(await claimServiceReminder(tx, tenantId, d.vehicleId, d.kind, d.nextDueOn))) continue;
        items.push({ vehicle: d.label, plate: d.plate, kind: d.kind, dueOn: d.nextDueOn, overdue: state === 'ueberfaellig' });
      }
      if (items.length === 0) return [] as PendingMail[];
      items.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.plate.localeCompare(b.plate));
      const managers = await membersWithPermission(tx, tenantId, 'fahrzeug_pflege');
      return managers.map(
        (m): PendingMail => ({
          to: m.email,
          recipientId: m.id,
          render: (locale) => serviceDueMail({ name: m.name, items, url: `${deps.config.publicUrl}/admin/fahrzeuge`, locale }),
        }),
      );
    });
    await sendAll(deps, tenantId, mails);
    sent += mails.length;
  }
  return sent;
}
