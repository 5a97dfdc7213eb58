import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';

/**
 * Demo fuel and charging cards and three months of receipts for the
 * Stadtwerke: a fuel card on the Golf and on the Octavia, a charging card on
 * the ID.3, tank and battery sizes for the fleet, a refuel or charge about
 * every ten days with odometer readings that follow the logbook, and a car
 * wash a month. Dates relative to "now" (decision 194), otherwise deterministic.
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

const CARDS = [
  { plate: 'MS-SW 101', kind: 'kraftstoff', provider: 'Aral Fleet', lastFour: '4821', litres: 38, price: 1.789 },
  { plate: 'MS-SW 220', kind: 'kraftstoff', provider: 'Shell Card', lastFour: '0937', litres: 44, price: 1.769 },
  { plate: 'MS-SW 301E', kind: 'laden', provider: 'EnBW mobility+', lastFour: '6150', kwh: 41, price: 0.49 },
] as const;

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
    // the readings the logbook has for the car, so each receipt's odometer lies between its trips
    const readings = await tx
      .select({ endedAt: t.logbookEntries.endedAt, odometer: t.logbookEntries.odometerEnd })
      .from(t.logbookEntries)
      .where(and(eq(t.logbookEntries.tenantId, tenantId), eq(t.logbookEntries.vehicleId, vehicleId)));
    const before = (day: Date) => {
      let last: number | null = null;
      for (const r of readings) if (r.endedAt.getTime() < day.getTime() && (last === null || r.odometer > last)) last = r.odometer;
      return last;
    };
    const receipts: (typeof t.fuelReceipts.$inferInsert)[] = [];
    for (let ago = 88 - n * 3; ago >= 2; ago -= 9 + ((ago + n) % 3)) {
      const day = new Date(now.getTime() - ago * DAY);
      const last = before(new Date(day.getTime() - DAY));
      const wiggle = ((ago * 7 + n * 5) % 9) - 4;
      const base = { tenantId, vehicleId, day: iso(day), odometer: last === null ? null : last + 3, createdById: fleet?.id };
      if (c.kind === 'kraftstoff') {
        const litres = c.litres + wiggle;
        receipts.push({ ...base, kind: 'kraftstoff', litres, amountCents: Math.round(litres * c.price * 100), cardId: card!.id });
      } else {
        const kwh = c.kwh + wiggle;
        receipts.push({ ...base, kind: 'laden', kwh, amountCents: Math.round(kwh * c.price * 100), cardId: card!.id });
      }
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
