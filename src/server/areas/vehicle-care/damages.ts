import type { damageRequest, damageStatusRequest } from '@contracts/vehicle-care';
import { type Db, withTenant } from '@db/client';
import { BUS_TOPICS } from '@domain/integrations';
import { blockedUntil } from '@domain/vehicle-booking';
import {
  assertMayBlock,
  type DamageStatus,
  DEFECT_BLOCK_DAYS,
  defectBlockWindow,
  nextDamageStatus,
  parseDamageStatus,
  releasedBlockEnd,
} from '@domain/vehicle-care';
import {
  type DamageRecord,
  insertDamage,
  insertDamageEvent,
  listDamageEvents,
  listDamages,
  lockDamage,
  updateDamage,
} from '@server/areas/vehicle-care/vehicle-care-repository';
import {
  assertFleetManager,
  assertMayReport,
  assertMayView,
  bookingsInRange,
  fileKind,
  findBooking,
  insertHistory,
  notFound,
  placeBlock,
  updateBookingRow,
  VEHICLE_TOPIC,
  vehicleOf,
  vehicleSettings,
} from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { z } from 'zod';
import type { UserContext } from '../../kernel/context';
import { sendAll } from '../../kernel/notifications/pending-mail';
import { assertOwnFiles } from './care-access';
import { readCareFile } from './care-files';
import { damageMails } from './damage-mails';
import { vehicleCareErrors } from './errors';

/** Schäden: reported at trip end or any time, status gemeldet → in Reparatur → behoben, DEFEKT block until behoben. */

async function toDtos(tx: Db, tenantId: string, vehicleId: string, rows: DamageRecord[]) {
  const events = await listDamageEvents(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    status: r.status as DamageStatus,
    photos: r.photos.map((f, n) => ({ url: `/api/vehicles/${vehicleId}/damages/${r.id}/photos/${n}`, kind: fileKind(f) })),
    reportedAt: r.reportedAt.toISOString(),
    reportedBy: r.reportedBy,
    fromTrip: r.bookingId !== null,
    blocking: r.blockBookingId !== null && r.status !== 'behoben',
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    events: events.filter((e) => e.damageId === r.id).map((e) => ({ at: e.at.toISOString(), status: e.status, note: e.note, by: e.by })),
  }));
}

async function oneDto(tx: Db, tenantId: string, vehicleId: string, id: string) {
  const row = (await listDamages(tx, tenantId, vehicleId)).find((r) => r.id === id)!;
  return (await toDtos(tx, tenantId, vehicleId, [row]))[0]!;
}

/** Everybody who may see the vehicle sees its damages, so nobody reports a known scratch again. */
export async function listVehicleDamages(deps: Deps, user: UserContext, vehicleId: string) {
  assertMayView(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    return { damages: await toDtos(tx, tenantId, vehicleId, await listDamages(tx, tenantId, vehicleId)) };
  });
}

export async function reportDamage(deps: Deps, user: UserContext, vehicleId: string, body: z.infer<typeof damageRequest>, origin: string) {
  assertMayReport(user);
  const tenantId = user.tenant.id;
  const { damage, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const v = await vehicleOf(tx, user, vehicleId);
    assertOwnFiles(body.photos, [vehicleId]);
    const id = await insertDamage(tx, tenantId, {
      vehicleId,
      bookingId: null,
      description: body.description,
      photos: body.photos,
      userId: user.member.id,
    });
    await deps.events.publish(tx, { tenantId, topic: BUS_TOPICS.damages, type: 'reported', id, scope: vehicleId });
    const mails = await damageMails(
      tx,
      tenantId,
      { id: v.id, label: `${v.brand} ${v.model}`, plate: v.licensePlate },
      { description: body.description, reporter: `${user.member.firstName} ${user.member.lastName}`, at: new Date() },
      origin,
    );
    return { damage: await oneDto(tx, tenantId, vehicleId, id), mails };
  });
  await sendAll(deps, tenantId, mails);
  return { damage };
}

/** Ends the DEFEKT block of a damage now: the vehicle is bookable again right away. */
async function releaseBlock(tx: Db, tenantId: string, blockBookingId: string, now: Date, gapMinutes: number): Promise<void> {
  const block = await findBooking(tx, tenantId, blockBookingId);
  if (!block || block.status === 'storniert' || block.status === 'durchgeführt') return;
  const bis = releasedBlockEnd(block.von, now);
  await updateBookingRow(tx, tenantId, blockBookingId, { bis, blockedUntil: blockedUntil(bis, gapMinutes), status: 'durchgeführt' });
}

export async function changeDamageStatus(
  deps: Deps,
  user: UserContext,
  vehicleId: string,
  damageId: string,
  body: z.infer<typeof damageStatusRequest>,
) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    const d = await lockDamage(tx, tenantId, vehicleId, damageId);
    if (!d) throw notFound('Schaden');
    const to = nextDamageStatus(parseDamageStatus(d.status), parseDamageStatus(body.status));
    const now = new Date();
    await updateDamage(tx, tenantId, damageId, { status: to, resolvedAt: to === 'behoben' ? now : null });
    await insertDamageEvent(tx, tenantId, damageId, to, body.note, user.member.id);
    if (to === 'behoben' && d.blockBookingId) {
      const s = await vehicleSettings(tx, tenantId, user.member.id);
      await releaseBlock(tx, tenantId, d.blockBookingId, now, s.minGapMinutes);
      await insertHistory(tx, tenantId, {
        vehicleId,
        type: 'STATUSAENDERUNG',
        status: 'behoben',
        description: `Schaden behoben, Sperre (DEFEKT) aufgehoben: ${d.description}`,
        bookingId: d.blockBookingId,
        userId: user.member.id,
      });
      await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'updated', id: d.blockBookingId, scope: vehicleId });
    }
    return { damage: await oneDto(tx, tenantId, vehicleId, damageId) };
  });
}

/** DEFEKT block from a damage, as for other blocks: overlapping bookings cancelled and their bookers told. */
export async function blockFromDamage(deps: Deps, user: UserContext, vehicleId: string, damageId: string) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  const { damage, cancelled, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    const d = await lockDamage(tx, tenantId, vehicleId, damageId);
    if (!d) throw notFound('Schaden');
    assertMayBlock({ status: parseDamageStatus(d.status), blocked: d.blockBookingId !== null });
    const now = new Date();
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    const blocks = (
      await bookingsInRange(tx, tenantId, now, new Date(now.getTime() + DEFECT_BLOCK_DAYS * 86_400_000), {
        vehicleIds: [vehicleId],
        statuses: 'blocking',
        gapMinutes: s.minGapMinutes,
      })
    ).filter((b) => b.type !== 'BUCHUNG');
    const window = defectBlockWindow(now, blocks, s.minGapMinutes);
    if (!window) throw vehicleCareErrors.fail('damage_block_busy');
    const placed = await placeBlock(deps, tx, user, vehicleId, { type: 'DEFEKT', ...window, description: `Defekt: ${d.description}` });
    await updateDamage(tx, tenantId, damageId, { blockBookingId: placed.bookingId });
    await insertDamageEvent(tx, tenantId, damageId, d.status, 'Fahrzeug als DEFEKT gesperrt', user.member.id);
    return { damage: await oneDto(tx, tenantId, vehicleId, damageId), cancelled: placed.cancelled, mails: placed.mails };
  });
  await sendAll(deps, tenantId, mails);
  return { damage, cancelledBookings: cancelled };
}

export async function damagePhoto(deps: Deps, user: UserContext, vehicleId: string, damageId: string, n: number) {
  assertMayView(user);
  const tenantId = user.tenant.id;
  const d = await withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    return lockDamage(tx, tenantId, vehicleId, damageId, false);
  });
  if (!d) throw notFound('Schaden');
  return readCareFile(deps, tenantId, d.photos[n]);
}
