import { withTenant } from '@db/client';
import { berlinDay } from '@domain/vehicle-time';
import { claimReminder, dueDriverNames, reminderCandidates } from '@server/areas/driving-licences/licence-repository';
import { examinerDigestMail, licenceReminderMail } from '@server/areas/driving-licences/licence-templates';
import { membersWithPermission } from '@server/areas/people/public';
import { listTenantIdsWithFeature } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { LICENCE_DEFAULTS } from './licence-settings';

/**
 * The daily reminder run. Drivers get one mail `fuehrerscheinErinnerungTage`
 * days before their next check and one on the day it lapses; examiners get a
 * digest of all names to check on each day a driver reminder went out. Every
 * mail is claimed in licence_reminders inside the transaction that decides it,
 * so a second run (or a second node) sends nothing twice, and a run after
 * downtime sends what was missed.
 */
export async function sendLicenceReminders(deps: Deps, now = new Date()): Promise<number> {
  const today = berlinDay(now);
  let sent = 0;
  for (const tenantId of await listTenantIdsWithFeature(deps.database.db, 'fahrzeug')) {
    const mails = await withTenant(deps.database.db, tenantId, async (tx) => {
      const out: PendingMail[] = [];
      for (const c of await reminderCandidates(tx, tenantId, today, LICENCE_DEFAULTS)) {
        if (!(await claimReminder(tx, tenantId, c.userId, c.kind, c.nextCheck))) continue;
        out.push({
          to: c.email,
          recipientId: c.userId,
          render: (locale) => licenceReminderMail({ name: c.name, nextCheck: c.nextCheck, lapsed: c.kind === 'faellig', locale }),
        });
      }
      if (out.length === 0) return out;
      const names = await dueDriverNames(tx, tenantId, today, LICENCE_DEFAULTS);
      for (const e of await membersWithPermission(tx, tenantId, 'fahrzeug_fuehrerscheinpruefung')) {
        if (!(await claimReminder(tx, tenantId, e.id, 'digest', today))) continue;
        out.push({
          to: e.email,
          recipientId: e.id,
          render: (locale) => examinerDigestMail({ name: e.name, names, url: `${deps.config.publicUrl}/fahrzeuge/fuehrerschein`, locale }),
        });
      }
      return out;
    });
    await sendAll(deps, tenantId, mails);
    sent += mails.length;
  }
  return sent;
}
