import type { capacityRequest, Receipt, receiptRequest } from '@contracts/fleet-costs';
import { withTenant } from '@db/client';
import { amountToCents, type CardKind, checkReceipt, maskedCard, type ReceiptKind } from '@domain/fleet-costs';
import { instantOf } from '@domain/opening-hours';
import { berlinDay } from '@domain/vehicle-time';
import { assertFleetManager, assertMayReadBooklet, assertMayReport, fileKind, vehicleOf } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { z } from 'zod';
import type { UserContext } from '../../kernel/context';
import { notFound } from './errors';
import {
  deleteReceipt,
  findCard,
  findReceipt,
  insertReceipt,
  isBookingOfVehicle,
  listReceipts,
  previousOdometerBefore,
  setVehicleCapacity,
  vehicleCapacity,
} from './fleet-costs-repository';

/** Fuel receipts and charging sessions of a vehicle: recorded by its drivers, read and removed by the fleet. */

type Body = z.infer<typeof receiptRequest>;
type Row = Awaited<ReturnType<typeof listReceipts>>[number];

function toDto(vehicleId: string, r: Row): Receipt {
  return {
    id: r.id,
    kind: r.kind as ReceiptKind,
    day: r.day,
    litres: r.litres,
    kwh: r.kwh,
    amount: r.amountCents / 100,
    odometer: r.odometer,
    card: r.cardLastFour ? `${r.cardProvider} ${maskedCard(r.cardLastFour)}` : null,
    fromTrip: r.bookingId !== null,
    photo: r.photo ? { url: `/api/vehicles/${vehicleId}/fuel-receipts/${r.id}/photo`, kind: fileKind(r.photo) } : null,
    note: r.note,
    recordedBy: r.by,
  };
}

export async function listVehicleReceipts(deps: Deps, user: UserContext, vehicleId: string) {
  assertMayReadBooklet(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    const rows = await listReceipts(tx, tenantId, vehicleId);
    return { receipts: rows.map((r) => toDto(vehicleId, r)), capacity: await vehicleCapacity(tx, tenantId, vehicleId) };
  });
}

/**
 * Records a receipt after the plausibility rule passed. The card, the trip and
 * the photo must belong to this vehicle of the caller's tenant; a foreign id is
 * not found, so nobody learns that it exists elsewhere.
 */
export async function recordReceipt(deps: Deps, user: UserContext, vehicleId: string, body: Body) {
  assertMayReport(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    const card = body.cardId ? await findCard(tx, tenantId, body.cardId) : null;
    if (body.cardId && (!card || card.vehicleId !== vehicleId || card.retired)) throw notFound('Karte');
    if (body.bookingId && !(await isBookingOfVehicle(tx, tenantId, vehicleId, body.bookingId))) throw notFound('Fahrt');
    if (body.photo && !body.photo.startsWith(`${vehicleId}/`)) throw notFound('Beleg');
    const capacity = await vehicleCapacity(tx, tenantId, vehicleId);
    const previousOdometer =
      body.odometer === null ? null : await previousOdometerBefore(tx, tenantId, vehicleId, instantOf(body.day, '00:00'), body.day);
    checkReceipt({
      kind: body.kind,
      day: body.day,
      today: berlinDay(new Date()),
      litres: body.litres,
      kwh: body.kwh,
      amount: body.amount,
      odometer: body.odometer,
      previousOdometer,
      tankLitres: capacity.tankLitres,
      batteryKwh: capacity.batteryKwh,
      cardKind: (card?.kind as CardKind | undefined) ?? null,
    });
    const id = await insertReceipt(tx, tenantId, {
      vehicleId,
      kind: body.kind,
      day: body.day,
      // a charging session has no litres and a fuel receipt no kWh, whatever the form sent
      litres: body.kind === 'kraftstoff' ? body.litres : null,
      kwh: body.kind === 'laden' ? body.kwh : null,
      amountCents: amountToCents(body.amount),
      odometer: body.odometer,
      cardId: card?.id ?? null,
      bookingId: body.bookingId,
      photo: body.photo,
      note: body.note || null,
      createdById: user.member.id,
    });
    const row = (await listReceipts(tx, tenantId, vehicleId)).find((r) => r.id === id)!;
    return { receipt: toDto(vehicleId, row) };
  });
}

export async function removeReceipt(deps: Deps, user: UserContext, vehicleId: string, receiptId: string) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  await withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    if (!(await deleteReceipt(tx, tenantId, vehicleId, receiptId))) throw notFound('Beleg');
  });
}

export async function receiptPhoto(deps: Deps, user: UserContext, vehicleId: string, receiptId: string) {
  assertMayReadBooklet(user);
  const tenantId = user.tenant.id;
  const row = await withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    return findReceipt(tx, tenantId, vehicleId, receiptId);
  });
  const file = row?.photo ? await deps.storage.get('belege', tenantId, row.photo) : null;
  if (!file) throw notFound('Beleg');
  return file;
}

export async function changeCapacity(deps: Deps, user: UserContext, vehicleId: string, body: z.infer<typeof capacityRequest>) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    await setVehicleCapacity(tx, tenantId, vehicleId, body.tankLitres, body.batteryKwh);
    return vehicleCapacity(tx, tenantId, vehicleId);
  });
}
