import type { Card, cardRequest } from '@contracts/fleet-costs';
import { withTenant } from '@db/client';
import { type CardKind, cardLastFour, maskedCard } from '@domain/fleet-costs';
import { assertFleetManager, assertMayReport, vehicleOf } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { z } from 'zod';
import type { UserContext } from '../../kernel/context';
import { notFound } from './errors';
import { type CardRecord, findCard, insertCard, listCards, updateCard } from './fleet-costs-repository';

/** Fuel and charging cards: kept by the fleet, assigned to a vehicle, shown with their last four digits only. */

type Body = z.infer<typeof cardRequest>;

export const cardDto = (c: CardRecord): Card => ({
  id: c.id,
  kind: c.kind as CardKind,
  provider: c.provider,
  masked: maskedCard(c.lastFour),
  lastFour: c.lastFour,
  validUntil: c.validUntil,
  vehicleId: c.vehicleId,
  vehiclePlate: c.vehiclePlate,
  note: c.note,
  retired: c.retired,
});

export async function listAllCards(deps: Deps, user: UserContext) {
  assertFleetManager(user);
  const rows = await withTenant(deps.database.db, user.tenant.id, (tx) => listCards(tx, user.tenant.id, null));
  return { cards: rows.map(cardDto) };
}

/** The active cards of one vehicle, for the receipt form of whoever drives it. */
export async function listVehicleCards(deps: Deps, user: UserContext, vehicleId: string) {
  assertMayReport(user);
  const tenantId = user.tenant.id;
  const rows = await withTenant(deps.database.db, tenantId, async (tx) => {
    await vehicleOf(tx, user, vehicleId);
    return listCards(tx, tenantId, vehicleId);
  });
  return { cards: rows.filter((c) => !c.retired).map(cardDto) };
}

export async function createCard(deps: Deps, user: UserContext, body: Body) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  // The number is reduced to its last four digits before anything else sees it.
  const lastFour = cardLastFour(body.number ?? '');
  return withTenant(deps.database.db, tenantId, async (tx) => {
    if (body.vehicleId) await vehicleOf(tx, user, body.vehicleId);
    const id = await insertCard(tx, tenantId, { ...fields(body), lastFour });
    return { card: cardDto((await findCard(tx, tenantId, id))!) };
  });
}

export async function changeCard(deps: Deps, user: UserContext, cardId: string, body: Body) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  const newDigits = body.number ? cardLastFour(body.number) : null;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const old = await findCard(tx, tenantId, cardId);
    if (!old) throw notFound('Karte');
    if (body.vehicleId) await vehicleOf(tx, user, body.vehicleId);
    await updateCard(tx, tenantId, cardId, { ...fields(body), lastFour: newDigits ?? old.lastFour });
    return { card: cardDto((await findCard(tx, tenantId, cardId))!) };
  });
}

const fields = (b: Body) => ({
  kind: b.kind,
  provider: b.provider,
  validUntil: b.validUntil,
  vehicleId: b.vehicleId,
  note: b.note || null,
  retired: b.retired,
});
