import type { serviceEntryRequest } from '@contracts/vehicle-care';
import { type Db, withTenant } from '@db/client';
import { UVV_KIND, type UvvResult, uvvNextDue, validateUvvFields } from '@domain/uvv-inspection';
import { dueState, euroToCents, type ServiceKind, validateServiceDates } from '@domain/vehicle-care';
import { berlinDay } from '@domain/vehicle-time';
import {
  careStates,
  findServiceEntry,
  insertServiceEntry,
  listServiceEntries,
  type ServiceWrite,
  updateServiceEntry,
} from '@server/areas/vehicle-care/vehicle-care-repository';
import {
  assertFleetManager,
  assertMayReadBooklet,
  assertMayView,
  fileKind,
  insertHistory,
  notFound,
  placeBlock,
  vehicleOf,
} from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { z } from 'zod';
import type { UserContext } from '../../kernel/context';
import { sendAll } from '../../kernel/notifications/pending-mail';
import { effectiveSetting } from '../settings/public';
import { assertOwnFiles } from './care-access';
import { readCareFile } from './care-files';

/** Serviceheft: entries per vehicle with kind, date, odometer, cost, workshop, next due date and receipts. */

type Body = z.infer<typeof serviceEntryRequest>;

async function leadDays(tx: Db, tenantId: string): Promise<number> {
  return effectiveSetting(tx, tenantId, null, 'fahrzeugWartungVorlaufTage');
}

/**
 * The entry as stored. A UVV inspection needs its inspector and result, and without an entered due
 * date gets the day of the inspection plus the tenant's interval (docs/product.md#vehicle-care).
 */
async function toWrite(tx: Db, tenantId: string, vehicleId: string, b: Body): Promise<ServiceWrite> {
  validateUvvFields(b.kind, b.inspector, b.uvvResult);
  const uvv = b.kind === UVV_KIND;
  const nextDueOn = uvv
    ? uvvNextDue(b.performedOn, b.nextDueOn, await effectiveSetting(tx, tenantId, null, 'fahrzeugUvvIntervallMonate'))
    : b.nextDueOn;
  validateServiceDates(b.performedOn, nextDueOn, berlinDay(new Date()));
  assertOwnFiles(b.receipts, [vehicleId]);
  return {
    kind: b.kind,
    description: b.description,
    performedOn: b.performedOn,
    odometer: b.odometer,
    costCents: b.cost === null ? null : euroToCents(b.cost),
    workshop: b.workshop || null,
    nextDueOn,
    inspector: uvv ? b.inspector!.trim() : null,
    uvvResult: uvv ? b.uvvResult : null,
    receipts: b.receipts,
  };
}

type Row = Awaited<ReturnType<typeof listServiceEntries>>[number];

function toDto(vehicleId: string, r: Row) {
  return {
    id: r.id,
    kind: r.kind as ServiceKind,
    description: r.description,
    performedOn: r.performedOn,
    odometer: r.odometer,
    cost: r.costCents === null ? null : r.costCents / 100,
    workshop: r.workshop,
    nextDueOn: r.nextDueOn,
    inspector: r.inspector,
    uvvResult: r.uvvResult as UvvResult | null,
    receipts: r.receipts.map((f, n) => ({ url: `/api/vehicles/${vehicleId}/service-entries/${r.id}/receipts/${n}`, kind: fileKind(f) })),
    receiptIds: r.receipts,
    period: r.periodFrom && r.periodTo ? { von: r.periodFrom.toISOString(), bis: r.periodTo.toISOString() } : null,
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: r.byName,
  };
}

export async function listServiceBooklet(deps: Deps, user: UserContext, vehicleId: string) {
  assertMayReadBooklet(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    const rows = await listServiceEntries(tx, tenantId, vehicleId);
    const { due } = await careStates(tx, tenantId, [vehicleId]);
    const lead = await leadDays(tx, tenantId);
    const today = berlinDay(new Date());
    return {
      entries: rows.map((r) => toDto(vehicleId, r)),
      due: due.map((d) => ({ kind: d.kind, nextDueOn: d.nextDueOn, state: dueState(d.nextDueOn, today, lead) })),
      totalCost: rows.reduce((sum, r) => sum + (r.costCents ?? 0), 0) / 100,
      uvvIntervalMonths: await effectiveSetting(tx, tenantId, null, 'fahrzeugUvvIntervallMonate'),
    };
  });
}

async function saved(tx: Db, tenantId: string, vehicleId: string, id: string) {
  const row = (await listServiceEntries(tx, tenantId, vehicleId)).find((r) => r.id === id);
  return toDto(vehicleId, row!);
}

/**
 * A new entry, with a SERVICE history entry so the vehicle's history tells the
 * whole story. An entry with a workshop period blocks the vehicle like any
 * SERVICE block (overlapping bookings cancelled, bookers told), in the same
 * transaction; the block writes its own history entry.
 */
export async function createServiceEntry(deps: Deps, user: UserContext, vehicleId: string, body: Body) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  const { entry, cancelled, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    const write = await toWrite(tx, tenantId, vehicleId, body);
    const block = body.period
      ? await placeBlock(deps, tx, user, vehicleId, {
          type: 'SERVICE',
          von: new Date(body.period.von),
          bis: new Date(body.period.bis),
          description: `Serviceheft: ${write.kind} – ${write.description}`,
        })
      : null;
    const id = await insertServiceEntry(tx, tenantId, vehicleId, user.member.id, { ...write, blockBookingId: block?.bookingId ?? null });
    if (!block) {
      await insertHistory(tx, tenantId, {
        vehicleId,
        type: 'SERVICE',
        status: write.kind,
        description: `Serviceheft: ${write.kind} – ${write.description}`,
        mileage: write.odometer,
        userId: user.member.id,
      });
    }
    return { entry: await saved(tx, tenantId, vehicleId, id), cancelled: block?.cancelled ?? 0, mails: block?.mails ?? [] };
  });
  await sendAll(deps, tenantId, mails);
  return { entry, cancelledBookings: cancelled };
}

export async function updateService(deps: Deps, user: UserContext, vehicleId: string, entryId: string, body: Body) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    const write = await toWrite(tx, tenantId, vehicleId, body);
    if (!(await updateServiceEntry(tx, tenantId, vehicleId, entryId, user.member.id, write))) throw notFound('Serviceeintrag');
    return { entry: await saved(tx, tenantId, vehicleId, entryId) };
  });
}

export async function serviceReceipt(deps: Deps, user: UserContext, vehicleId: string, entryId: string, n: number) {
  assertMayReadBooklet(user);
  const tenantId = user.tenant.id;
  const entry = await withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    return findServiceEntry(tx, tenantId, vehicleId, entryId);
  });
  if (!entry) throw notFound('Serviceeintrag');
  return readCareFile(deps, tenantId, entry.receipts[n]);
}

/** Vehicles with something to mark in the list: an open DEFEKT block from a damage, a due HU, inspection or UVV inspection. */
export async function vehicleCareStates(deps: Deps, user: UserContext) {
  assertMayView(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const { defect, due } = await careStates(tx, tenantId, null);
    const lead = await leadDays(tx, tenantId);
    const today = berlinDay(new Date());
    const out: Record<string, { defect: boolean; due: { kind: string; nextDueOn: string; state: 'ueberfaellig' | 'faellig' }[] }> = {};
    const at = (id: string) => {
      out[id] ??= { defect: false, due: [] };
      return out[id];
    };
    for (const id of defect) at(id).defect = true;
    for (const d of due) {
      const state = dueState(d.nextDueOn, today, lead);
      if (state) at(d.vehicleId).due.push({ kind: d.kind, nextDueOn: d.nextDueOn, state });
    }
    return { vehicles: out };
  });
}
