import { randomUUID } from 'node:crypto';
import { cancelFutureBookingsOf } from '@server/areas/people/deactivation-repository';
import { anonymisePersonRow, filesOfPerson, removeDataOfPerson } from '@server/areas/people/erasure-repository';
import { deleteSessionsOfAuthUser, findMemberById, membersWithPermission } from '@server/areas/people/user-repository';
import type { Deps } from '@server/deps';
import { audit, change } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { personalExportPath } from '../privacy/public';
import { VEHICLE_TOPIC } from '../vehicles/public';
import { peopleErrors } from './errors';

/**
 * Deleting a person on request (Art. 17 DSGVO, decision 150). The person is
 * anonymised, not removed: bookings, trips and the logbook keep their row, and
 * the logbook keeps the driver's name as written at the trip (the law asks for
 * it for ten years). Everything that is the person's alone goes.
 */

export const ERASURE_REASON = 'Storno wegen Löschung des Benutzers';

const notFound = () => peopleErrors.fail('user_not_found');
const lastAdmin = () => peopleErrors.fail('last_admin');
const ADMIN_RIGHTS = ['benutzer_pflegen', 'berechtigungs_pflege'] as const;
const notSelf = () => peopleErrors.fail('erase_self');

export interface ErasureResult {
  cancelledBookings: number;
  licenceChecks: number;
  scans: number;
}

export async function erasePerson(deps: Deps, user: UserContext, id: string): Promise<ErasureResult> {
  if (id === user.member.id) throw notSelf();
  const done = await change(deps, user, async (tx, t) => {
    const before = await findMemberById(tx, t, id);
    if (!before || before.status === 'geloescht') throw notFound();
    // A tenant keeps at least one active person who can manage people and one who can manage rights.
    for (const right of ADMIN_RIGHTS) {
      const holders = await membersWithPermission(tx, t, right);
      if (holders.some((a) => a.id === id) && holders.length <= 1) throw lastAdmin();
    }
    const now = new Date();
    // The deactivation path (decision 082): sessions end, future bookings are cancelled, here always and without mail.
    await deleteSessionsOfAuthUser(tx, before.authUserId);
    const cancelled = await cancelFutureBookingsOf(tx, t, id, ERASURE_REASON, now);
    for (const b of cancelled.vehicles) {
      await deps.events.publish(tx, { tenantId: t, topic: VEHICLE_TOPIC, type: 'cancelled', id: b.id, scope: b.vehicle_id });
    }
    const files = await filesOfPerson(tx, t, id);
    const removed = await removeDataOfPerson(tx, t, id, now);
    await anonymisePersonRow(tx, t, id, before.authUserId, randomUUID());
    const cancelledCount = cancelled.vehicles.length + cancelled.seats.length;
    await audit(tx, user, {
      action: 'löschen',
      subjectType: 'benutzer',
      subjectId: id,
      // The trail is kept, but must not keep the name the erasure removes.
      subjectName: 'Gelöschte Person',
      changes: [
        { field: 'Status', old: before.status, new: 'gelöscht' },
        { field: 'Stornierte künftige Buchungen', old: null, new: String(cancelledCount) },
        { field: 'Führerscheinprüfungen gelöscht', old: null, new: String(removed.licenceChecks) },
        { field: 'Führerscheinscans gelöscht', old: null, new: String(files.scans.length) },
      ],
    });
    return { files, result: { cancelledBookings: cancelledCount, licenceChecks: removed.licenceChecks, scans: files.scans.length } };
  });
  // After commit: a failed removal leaves an orphan file no row points to, never a row without its file.
  for (const path of done.files.scans) {
    await deps.storage
      .remove('fuehrerscheine', user.tenant.id, path)
      .catch((err) => deps.log.warn({ err, path }, 'licence scan not removed'));
  }
  for (const exportId of done.files.exports) {
    await deps.storage.remove('exporte', user.tenant.id, personalExportPath(exportId)).catch(() => undefined);
  }
  return done.result;
}
