import { withTenant } from '@db/client';
import { checkInWindow, holderOf } from '@domain/reading-room-booking';
import { findOption } from '@domain/settings';
import { formatDate, formatTime } from '@domain/time';
import { listReminderCandidates, markReminded } from '@server/areas/reading-rooms/reading-room-booking-repository';
import { reminderMail } from '@server/areas/reading-rooms/reading-room-templates';
import { listTenantIds } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { tenantOrigins } from '../../kernel/notifications/tenant-origins';
import { seatIcs } from '../calendar/public';
import { effectiveValues } from '../settings/public';

const HORIZON = findOption('leseraumErinnerungVorBeginnMinuten').max ?? 10080;

/**
 * Reminder before the start (leseraumErinnerungVorBeginnMinuten, per user:
 * BENUTZER → GRUPPE → MANDANT → 60; 0 = none) to the person using the place.
 * Marks each booking first, then sends: a booking is reminded at most once,
 * also with several nodes running the schedule.
 */
export async function sendReadingRoomReminders(deps: Deps, now = new Date()): Promise<number> {
  let sent = 0;
  const origin = await tenantOrigins(deps);
  for (const tenantId of await listTenantIds(deps.database.db)) {
    const mails = await withTenant(deps.database.db, tenantId, async (tx) => {
      const out: { to: string; ics: string; mail: ReturnType<typeof reminderMail> }[] = [];
      const candidates = await listReminderCandidates(tx, tenantId, now, HORIZON);
      const settings = new Map<string, { minutes: number; locale: 'de' | 'en' }>();
      for (const b of candidates) {
        const holder = holderOf(b);
        if (!settings.has(holder)) {
          const v = await effectiveValues(tx, tenantId, holder, ['leseraumErinnerungVorBeginnMinuten', 'sprache']);
          settings.set(holder, { minutes: v.leseraumErinnerungVorBeginnMinuten, locale: v.sprache === 'en-us' ? 'en' : 'de' });
        }
        const s = settings.get(holder)!;
        if (s.minutes <= 0 || b.von.getTime() - s.minutes * 60_000 > now.getTime()) continue;
        if (!(await markReminded(tx, tenantId, b.id, now))) continue;
        const w = checkInWindow(b.von);
        const email = holder === b.bookerId ? b.bookerEmail : (b.confirmingEmail ?? b.bookerEmail);
        out.push({
          to: email,
          ics: seatIcs(b, s.locale),
          mail: reminderMail({
            locale: s.locale,
            tenantName: '',
            recipientName: holder === b.bookerId ? b.bookerName : (b.confirmingName ?? b.bookerName),
            objectName: b.objectName,
            floorPlanName: b.floorPlanName,
            date: formatDate(b.von),
            von: formatTime(b.von),
            bis: formatTime(b.bis),
            checkInFrom: formatTime(w.from),
            checkInTo: formatTime(w.to),
            url: `${origin(tenantId)}/${b.area}/karte`,
          }),
        });
      }
      return out;
    });
    for (const m of mails) {
      await deps.mailer.send({ tenantId, to: m.to, ...m.mail, ics: m.ics });
      sent++;
    }
  }
  return sent;
}
