import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';

/**
 * Demo vehicle care for the Stadtwerke: service booklet entries (last HU and
 * inspection per car, one inspection due within the next weeks on the Golf;
 * a UVV inspection per car, overdue on the Crafter, due soon on the Octavia),
 * and two open damages (one just reported, one in the workshop). No DEFEKT
 * block, so the demo bookings stay as they are. Dates relative to "now".
 */

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

export async function seedVehicleCare(tx: Db, now = new Date()): Promise<void> {
  const [tenant] = await tx.select({ id: t.tenants.id }).from(t.tenants).where(eq(t.tenants.subIdentifier, 'stadtwerke'));
  if (!tenant) return;
  const tenantId = tenant.id;
  const [fleet] = await tx
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(eq(t.users.tenantId, tenantId), eq(t.users.email, 'fuhrpark@stadtwerke.test')));
  const [driver] = await tx
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(eq(t.users.tenantId, tenantId), eq(t.users.email, 'mitarbeiter@stadtwerke.test')));
  const cars = await tx
    .select({ id: t.vehicles.id, plate: t.vehicles.licensePlate })
    .from(t.vehicles)
    .where(and(eq(t.vehicles.tenantId, tenantId), inArray(t.vehicles.licensePlate, ['MS-SW 101', 'MS-SW 220', 'MS-SW 410', 'MS-SW 411'])));
  const byPlate = new Map(cars.map((c) => [c.plate, c.id]));
  const ago = (days: number) => iso(new Date(now.getTime() - days * DAY));
  const ahead = (days: number) => iso(new Date(now.getTime() + days * DAY));

  const entries: (typeof t.serviceEntries.$inferInsert)[] = [];
  for (const [i, c] of cars.entries()) {
    entries.push({
      tenantId,
      vehicleId: c.id,
      kind: 'Hauptuntersuchung',
      description: 'Hauptuntersuchung ohne Mängel, Plakette erteilt.',
      performedOn: ago(300 + i * 40),
      odometer: 18_000 + i * 7_500,
      costCents: 13_950,
      workshop: 'TÜV Nord, Münster',
      nextDueOn: ahead(430 - i * 40),
      createdById: fleet?.id,
      updatedById: fleet?.id,
    });
    const golf = c.plate === 'MS-SW 101';
    entries.push({
      tenantId,
      vehicleId: c.id,
      kind: 'Inspektion',
      description: 'Jahresinspektion nach Herstellervorgabe, Wischerblätter erneuert.',
      performedOn: golf ? ago(350) : ago(120 + i * 10),
      odometer: 21_400 + i * 7_500,
      costCents: 32_890 + i * 1_000,
      workshop: 'Autohaus Lindemann, Münster',
      nextDueOn: golf ? ahead(12) : ahead(245 - i * 10),
      createdById: fleet?.id,
      updatedById: fleet?.id,
    });
  }
  entries.push(...uvvInspections(tenantId, byPlate, fleet?.id, ago, ahead));
  if (byPlate.has('MS-SW 220')) {
    entries.push({
      tenantId,
      vehicleId: byPlate.get('MS-SW 220')!,
      kind: 'Reifenwechsel',
      description: 'Winterreifen montiert, Sommerreifen eingelagert.',
      performedOn: ago(30),
      odometer: 31_250,
      costCents: 8_900,
      workshop: 'Reifen Kaiser, Münster',
      nextDueOn: null,
      createdById: fleet?.id,
      updatedById: fleet?.id,
    });
  }
  if (entries.length) await tx.insert(t.serviceEntries).values(entries);

  const damages = [
    {
      plate: 'MS-SW 220',
      description: 'Kratzer an der hinteren Stoßstange rechts (ca. 15 cm), beim Ausparken bemerkt.',
      days: 3,
      repair: false,
    },
    { plate: 'MS-SW 410', description: 'Kontrollleuchte Reifendruck leuchtet, Reifen vorne links verliert Luft.', days: 6, repair: true },
  ];
  for (const d of damages) {
    const vehicleId = byPlate.get(d.plate);
    if (!vehicleId) continue;
    const reportedAt = new Date(now.getTime() - d.days * DAY);
    const [row] = await tx
      .insert(t.vehicleDamages)
      .values({
        tenantId,
        vehicleId,
        description: d.description,
        status: d.repair ? 'in Reparatur' : 'gemeldet',
        reportedById: driver?.id,
        reportedAt,
      })
      .returning({ id: t.vehicleDamages.id });
    await tx.insert(t.vehicleDamageEvents).values({ tenantId, damageId: row!.id, status: 'gemeldet', userId: driver?.id, at: reportedAt });
    if (d.repair) {
      await tx.insert(t.vehicleDamageEvents).values({
        tenantId,
        damageId: row!.id,
        status: 'in Reparatur',
        note: 'Termin bei Reifen Kaiser',
        userId: fleet?.id,
        at: new Date(reportedAt.getTime() + DAY),
      });
    }
  }
}

/**
 * The last UVV inspection of each demo car: the Crafter's was due two weeks
 * ago, the Octavia's is due in ten days, the others lie months ahead. The
 * tenant's gate (fahrzeugUvvSperre) stays off, so the demo bookings of the
 * Crafter still start; switching it on shows the refusal with its date.
 */
function uvvInspections(
  tenantId: string,
  byPlate: Map<string, string>,
  fleetId: string | undefined,
  ago: (days: number) => string,
  ahead: (days: number) => string,
): (typeof t.serviceEntries.$inferInsert)[] {
  const plan = [
    { plate: 'MS-SW 410', done: ago(380), due: ago(15), result: 'Mängel behoben', text: 'Rückfahrwarner defekt, vor Ort ersetzt.' },
    { plate: 'MS-SW 220', done: ago(355), due: ahead(10), result: 'ohne Mängel', text: 'Prüfung nach DGUV Vorschrift 70 ohne Befund.' },
    { plate: 'MS-SW 411', done: ago(200), due: ahead(165), result: 'ohne Mängel', text: 'Prüfung nach DGUV Vorschrift 70 ohne Befund.' },
    { plate: 'MS-SW 101', done: ago(60), due: ahead(305), result: 'ohne Mängel', text: 'Prüfung nach DGUV Vorschrift 70 ohne Befund.' },
  ];
  return plan.flatMap((p) => {
    const vehicleId = byPlate.get(p.plate);
    if (!vehicleId) return [];
    return [
      {
        tenantId,
        vehicleId,
        kind: 'UVV-Prüfung',
        description: p.text,
        performedOn: p.done,
        workshop: 'Stadtwerke, eigene Werkstatt',
        inspector: 'Jens Hoppe (befähigte Person)',
        uvvResult: p.result,
        nextDueOn: p.due,
        createdById: fleetId,
        updatedById: fleetId,
      },
    ];
  });
}
