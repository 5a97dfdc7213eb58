import { berlinDay } from '@domain/opening-hours';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';

/**
 * Demo fuel and charging cards and three months of receipts for the
 * Stadtwerke: a fuel card on the Golf and on the Octavia, a charging card on
 * the ID.3, tank and battery sizes for the fleet, and a car wash a month. A
 * car is filled up or charged whenever the logbook's trips have used half its
 * tank or battery at the model's real consumption, on the day of the trip that
 * did it and at that trip's odometer reading, so the report's l/100 km and
 * kWh/100 km read like the cars' own. Dates relative to "now" (decision 194),
 * otherwise deterministic.
 */

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

const CAPACITY: Record<string, { tank?: number; battery?: number }> = {
  'MS-SW 101': { tank: 50 },
  'MS-SW 121': { tank: 40 },
  'MS-SW 120': { tank: 36 },
  'MS-SW 220': { tank: 55 },
  'MS-SW 410': { tank: 75 },
  'MS-SW 411': { tank: 70 },
  'MS-SW 520': { tank: 80 },
  'MS-SW 301E': { battery: 58 },
  'MS-SW 302E': { battery: 52 },
};

/** `per100`: litres or kWh per 100 km, as these models use them in town and on country roads. */
const CARDS = [
  { plate: 'MS-SW 101', kind: 'kraftstoff', provider: 'Aral Fleet', lastFour: '4821', per100: 5.9, price: 1.789 },
  { plate: 'MS-SW 220', kind: 'kraftstoff', provider: 'Shell Card', lastFour: '0937', per100: 6.3, price: 1.769 },
  { plate: 'MS-SW 301E', kind: 'laden', provider: 'EnBW mobility+', lastFour: '6150', per100: 16.8, price: 0.49 },
] as const;

type Trip = { endedAt: Date; odometerStart: number; odometerEnd: number };

/**
 * The fills of one car along its trips: whenever the distance since the last fill has used half the tank or battery,
 * the amount used is put back after that trip (give or take two per cent, as a pump stops where it stops).
 */
export function fillsAlong(trips: readonly Trip[], per100: number, capacity: number): { at: Date; quantity: number; odometer: number }[] {
  const sorted = [...trips].sort((a, b) => a.endedAt.getTime() - b.endedAt.getTime());
  const fills: { at: Date; quantity: number; odometer: number }[] = [];
  let since = sorted[0]?.odometerStart;
  for (const [i, trip] of sorted.entries()) {
    if (since === undefined) break;
    const used = ((trip.odometerEnd - since) * per100) / 100;
    if (used < capacity / 2) continue;
    const wiggle = 1 + (((i * 7) % 5) - 2) / 100;
    fills.push({ at: trip.endedAt, quantity: Math.round(Math.min(used * wiggle, capacity) * 100) / 100, odometer: trip.odometerEnd });
    since = trip.odometerEnd;
  }
  return fills;
}

export async function seedFleetCosts(tx: Db, now = new Date()): Promise<void> {
  const [tenant] = await tx.select({ id: t.tenants.id }).from(t.tenants).where(eq(t.tenants.subIdentifier, 'stadtwerke'));
  if (!tenant) return;
  const tenantId = tenant.id;
  const [fleet] = await tx
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(eq(t.users.tenantId, tenantId), eq(t.users.email, 'fuhrpark@stadtwerke.test')));
  const vehicles = await tx
    .select({ id: t.vehicles.id, plate: t.vehicles.licensePlate })
    .from(t.vehicles)
    .where(and(eq(t.vehicles.tenantId, tenantId), inArray(t.vehicles.licensePlate, Object.keys(CAPACITY))));
  const byPlate = new Map(vehicles.map((v) => [v.plate, v.id]));
  for (const v of vehicles) {
    const c = CAPACITY[v.plate]!;
    await tx
      .update(t.vehicles)
      .set({ tankLitres: c.tank ?? null, batteryKwh: c.battery ?? null })
      .where(and(eq(t.vehicles.tenantId, tenantId), eq(t.vehicles.id, v.id)));
  }

  for (const [n, c] of CARDS.entries()) {
    const vehicleId = byPlate.get(c.plate);
    if (!vehicleId) continue;
    const [card] = await tx
      .insert(t.fuelCards)
      .values({
        tenantId,
        kind: c.kind,
        provider: c.provider,
        lastFour: c.lastFour,
        vehicleId,
        validUntil: iso(new Date(now.getTime() + 400 * DAY)),
      })
      .returning({ id: t.fuelCards.id });
    const trips = await tx
      .select({
        endedAt: t.logbookEntries.endedAt,
        odometerStart: t.logbookEntries.odometerStart,
        odometerEnd: t.logbookEntries.odometerEnd,
      })
      .from(t.logbookEntries)
      .where(and(eq(t.logbookEntries.tenantId, tenantId), eq(t.logbookEntries.vehicleId, vehicleId), eq(t.logbookEntries.kind, 'FAHRT')));
    const capacity = c.kind === 'kraftstoff' ? CAPACITY[c.plate]!.tank! : CAPACITY[c.plate]!.battery!;
    const receipts: (typeof t.fuelReceipts.$inferInsert)[] = [];
    for (const fill of fillsAlong(trips, c.per100, capacity)) {
      if (fill.at.getTime() > now.getTime()) continue;
      const base = { tenantId, vehicleId, day: berlinDay(fill.at), odometer: fill.odometer, cardId: card!.id, createdById: fleet?.id };
      const amountCents = Math.round(fill.quantity * c.price * 100);
      receipts.push(
        c.kind === 'kraftstoff'
          ? { ...base, kind: 'kraftstoff', litres: fill.quantity, amountCents }
          : { ...base, kind: 'laden', kwh: fill.quantity, amountCents },
      );
    }
    for (const ago of [75, 45, 15]) {
      receipts.push({
        tenantId,
        vehicleId,
        kind: 'sonstiges',
        day: iso(new Date(now.getTime() - (ago + n) * DAY)),
        amountCents: 1490,
        note: 'Waschanlage',
        createdById: fleet?.id,
      });
    }
    await tx.insert(t.fuelReceipts).values(receipts);
  }
}
