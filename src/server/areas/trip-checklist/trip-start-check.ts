import type { TripCheckSubmission } from '@contracts/trip-checklist';
import type { Db } from '@db/client';
import type { AppError } from '@domain/errors';
import { categoryKey, criticalRefusal, defectDescription, defectPlan, judgeAnswers, tripChecklistErrors } from '@domain/trip-checklist';
import { reportTripDamage } from '@server/areas/vehicle-care/public';
import type { EventBus } from '@server/realtime/event-bus';
import type { UserContext } from '../../kernel/context';
import type { PendingMail } from '../../kernel/notifications/pending-mail';
import { checklistOfCategory, insertCheck, openDamagesOfPoints } from './trip-checklist-repository';

/** The trip being started (a vehicle booking record with its vehicle's category). */
export interface StartingTrip {
  id: string;
  vehicleId: string;
  vehicleLabel: string;
  licensePlate: string;
  category: string;
}

/**
 * The check before the trip, inside the trip start's transaction, after every
 * other gate passed (docs/product.md#check-before-the-trip): the answers are
 * judged against the version of the vehicle category's checklist they were
 * given for, every point not in order becomes a damage record (or joins the
 * one of the same point still open), and the check is stored with the trip.
 * A critical point not in order returns the refusal instead of throwing it:
 * the caller commits the check and its damages, does not start the trip,
 * sends the mails and then refuses. Bad answers throw and store nothing.
 */
export async function checkBeforeTrip(
  tx: Db,
  user: UserContext,
  trip: StartingTrip,
  submitted: TripCheckSubmission | undefined,
  origin: string,
  events: Pick<EventBus, 'publish'>,
): Promise<{ mails: PendingMail[]; refusal: AppError | null }> {
  const tenantId = user.tenant.id;
  const checklist = await checklistOfCategory(tx, tenantId, categoryKey(trip.category));
  if (!checklist) {
    // Answers to a checklist the category no longer has: the driver saw something else than what applies now.
    if (submitted) throw tripChecklistErrors.fail('checklist_changed');
    return { mails: [], refusal: null };
  }
  if (!submitted) throw tripChecklistErrors.fail('answers_missing');
  if (submitted.versionId !== checklist.versionId) throw tripChecklistErrors.fail('checklist_changed');
  const judged = judgeAnswers(checklist.items, submitted.answers);
  const open = await openDamagesOfPoints(
    tx,
    tenantId,
    trip.vehicleId,
    judged.failed.map((f) => f.item.key),
  );
  const mails: PendingMail[] = [];
  const damageOf = new Map<string, string>();
  for (const p of defectPlan(judged.failed, open)) {
    if (p.damageId) {
      damageOf.set(p.answer.item.id, p.damageId);
      continue;
    }
    const reported = await reportTripDamage(
      tx,
      user,
      trip,
      { description: defectDescription(p.answer, checklist.name), photos: [] },
      origin,
      events,
    );
    damageOf.set(p.answer.item.id, reported.damageId);
    mails.push(...reported.mails);
  }
  const refusal = criticalRefusal(judged);
  await insertCheck(tx, tenantId, {
    bookingId: trip.id,
    vehicleId: trip.vehicleId,
    versionId: checklist.versionId,
    outcome: refusal ? 'abgelehnt' : 'angetreten',
    answers: judged.answers.map((a) => ({ itemId: a.item.id, ok: a.ok, note: a.note, damageId: damageOf.get(a.item.id) ?? null })),
  });
  return { mails, refusal };
}
