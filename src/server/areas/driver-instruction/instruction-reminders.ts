import { withTenant } from '@db/client';
import { berlinDay } from '@domain/vehicle-time';
import { claimReminder, reminderCandidates } from '@server/areas/driver-instruction/instruction-repository';
import { instructionReminderMail } from '@server/areas/driver-instruction/instruction-templates';
import { listTenantIdsWithFeature } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { INSTRUCTION_DEFAULTS } from './instruction-settings';

/**
 * The reminder run (docs/product.md#driver-instruction): a driver whose next instruction of a topic falls
 * due within `unterweisungErinnerungTage` days, or has passed unnoticed, gets one mail for that due day. The
 * mail is claimed in instruction_reminders inside the transaction that decides it, so a second run (or a
 * second node, or a run after a restart) sends nothing twice; a new instruction moves the due day, and the
 * next due day is reminded of again.
 */
export async function sendInstructionReminders(deps: Deps, now = new Date()): Promise<number> {
  const today = berlinDay(now);
  let sent = 0;
  for (const tenantId of await listTenantIdsWithFeature(deps.database.db, 'fahrzeug')) {
    const mails = await withTenant(deps.database.db, tenantId, async (tx) => {
      const out: PendingMail[] = [];
      for (const c of await reminderCandidates(tx, tenantId, today, INSTRUCTION_DEFAULTS)) {
        if (!(await claimReminder(tx, tenantId, c.userId, c.category, c.nextDue))) continue;
        out.push({
          to: c.email,
          recipientId: c.userId,
          render: (locale) =>
            instructionReminderMail({
              name: c.name,
              title: c.title,
              nextDue: c.nextDue,
              overdue: c.nextDue <= today,
              url: `${deps.config.publicUrl}/fahrzeuge/unterweisung`,
              locale,
            }),
        });
      }
      return out;
    });
    await sendAll(deps, tenantId, mails);
    sent += mails.length;
  }
  return sent;
}
