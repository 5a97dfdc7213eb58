import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';

/**
 * Demo Fahrtenbuch for the Stadtwerke: an entry for every completed seeded
 * trip, three months of earlier trips before them (entered without a
 * booking), one unexplained gap on the Golf (MS-SW 101) and one correction
 * by the fleet manager; the fleet manager is the recipient of the monthly
 * logbook report. Deterministic apart from "now".
 */

const DESTINATIONS = ['Umspannwerk Süd', 'Wasserwerk Am Hang', 'Rathaus', 'Baustelle Lindenallee', 'Kundencenter Markt', 'Pumpwerk Ost'];
const REASONS = ['Baustellenbesuch', 'Zählerablesung', 'Kundentermin', 'Materialtransport', 'Netzinspektion', 'Schulung'];
const DAY = 86_400_000;

export async function seedLogbook(tx: Db, now = new Date()): Promise<void> {
  const [tenant] = await tx.select({ id: t.tenants.id }).from(t.tenants).where(eq(t.tenants.subIdentifier, 'stadtwerke'));
  if (!tenant) return;
  const tenantId = tenant.id;
  // The fleet manager receives the monthly logbook report (PDF and Excel; in the outbox while no SMTP_URL is set).
  await tx
    .insert(t.settingValues)
    .values({ tenantId, optionName: 'fahrzeugReportMailadressen', layer: 'MANDANT', value: '["fuhrpark@stadtwerke.test"]' });
  const people = await tx
    .select({ id: t.users.id, email: t.users.email, first: t.users.firstName, last: t.users.lastName })
    .from(t.users)
    .where(eq(t.users.tenantId, tenantId));
  const name = new Map(people.map((p) => [p.id, `${p.first} ${p.last}`]));
  const fleet = people.find((p) => p.email === 'fuhrpark@stadtwerke.test')!;
  const drivers = people.filter((p) =>
    ['mitarbeiter@stadtwerke.test', 'fuhrpark@stadtwerke.test', 'freigabe@stadtwerke.test', 'admin@stadtwerke.test'].includes(p.email),
  );
  const vehicles = await tx
    .select({ id: t.vehicles.id, plate: t.vehicles.licensePlate })
    .from(t.vehicles)
    .where(eq(t.vehicles.tenantId, tenantId))
    .orderBy(asc(t.vehicles.licensePlate));

  // Completed seeded trips: readings and times from their CHECK_IN / CHECK_OUT history (the real trip, not the booking).
  const history = await tx
    .select({
      bookingId: t.vehicleHistory.bookingId,
      type: t.vehicleHistory.type,
      mileage: t.vehicleHistory.mileage,
      time: t.vehicleHistory.time,
    })
    .from(t.vehicleHistory)
    .where(and(eq(t.vehicleHistory.tenantId, tenantId), inArray(t.vehicleHistory.type, ['CHECK_IN', 'CHECK_OUT'])));
  const readings = new Map<string, { start?: number; end?: number; startedAt?: Date; endedAt?: Date }>();
  for (const h of history) {
    if (!h.bookingId || h.mileage === null) continue;
    const r = readings.get(h.bookingId) ?? {};
    if (h.type === 'CHECK_IN') {
      r.start = h.mileage;
      r.startedAt = h.time;
    } else {
      r.end = h.mileage;
      r.endedAt = h.time;
    }
    readings.set(h.bookingId, r);
  }
  const bookings = await tx
    .select({
      id: t.vehicleBookings.id,
      vehicleId: t.vehicleBookings.vehicleId,
      driverId: t.vehicleBookings.driverId,
      destination: t.vehicleBookings.destination,
      reason: t.vehicleBookings.reason,
      contact: t.vehicleBookings.contact,
    })
    .from(t.vehicleBookings)
    .where(and(eq(t.vehicleBookings.tenantId, tenantId), eq(t.vehicleBookings.status, 'durchgeführt')))
    .orderBy(asc(t.vehicleBookings.von));

  const rows: (typeof t.logbookEntries.$inferInsert)[] = [];
  const firstStart = new Map<string, { km: number; at: Date }>();
  for (const b of bookings) {
    const r = readings.get(b.id);
    if (r?.start === undefined || r.end === undefined || !r.startedAt || !r.endedAt) continue;
    if (!firstStart.has(b.vehicleId)) firstStart.set(b.vehicleId, { km: r.start, at: r.startedAt });
    const id = crypto.randomUUID();
    rows.push({
      tenantId,
      id,
      entryId: id,
      revision: 1,
      kind: 'FAHRT',
      vehicleId: b.vehicleId,
      bookingId: b.id,
      startedAt: r.startedAt,
      endedAt: r.endedAt,
      odometerStart: r.start,
      odometerEnd: r.end,
      driverId: b.driverId,
      driverName: name.get(b.driverId) ?? '–',
      destination: b.destination,
      reason: b.reason,
      partner: b.contact,
      tripKind: 'dienstlich',
      createdById: b.driverId,
      createdAt: r.endedAt,
    });
  }

  // Three months before: a trip every third day per vehicle, ending exactly where the seeded trips start.
  vehicles.forEach((v, vi) => {
    const first = firstStart.get(v.id);
    if (!first) return;
    let km = first.km;
    let at = first.at.getTime();
    for (let n = 0; n < 30; n++) {
      at -= 3 * DAY;
      const dist = 18 + ((vi * 17 + n * 11) % 70);
      // the one unexplained gap: on the first vehicle someone drove 35 km without an entry
      const jump = vi === 0 && n === 6 ? 35 : 0;
      const end = km - jump;
      const start = end - dist;
      const driver = drivers[(vi + n) % drivers.length]!;
      const startedAt = new Date(at);
      const endedAt = new Date(at + (1 + (n % 3)) * 3_600_000);
      const id = crypto.randomUUID();
      rows.push({
        tenantId,
        id,
        entryId: id,
        revision: 1,
        kind: 'FAHRT',
        vehicleId: v.id,
        bookingId: null,
        startedAt,
        endedAt,
        odometerStart: start,
        odometerEnd: end,
        driverId: driver.id,
        driverName: `${driver.first} ${driver.last}`,
        destination: DESTINATIONS[(vi + n) % DESTINATIONS.length]!,
        reason: REASONS[(vi * 2 + n) % REASONS.length]!,
        partner: n % 4 === 0 ? 'Stadtwerke Kundencenter' : null,
        tripKind: n % 9 === 4 ? 'Arbeitsweg' : 'dienstlich',
        createdById: driver.id,
        createdAt: endedAt,
      });
      km = start;
    }
  });
  if (rows.length === 0) return;
  await tx.insert(t.logbookEntries).values(rows);

  // The one correction: the fleet manager fixed the destination of an older trip of the first vehicle.
  const target = rows.find(
    (r) => r.vehicleId === vehicles[0]?.id && r.bookingId === null && r.startedAt < new Date(now.getTime() - 30 * DAY),
  );
  if (target) {
    await tx.insert(t.logbookEntries).values({
      ...target,
      id: crypto.randomUUID(),
      revision: 2,
      supersedesId: target.id,
      destination: 'Kläranlage Nord',
      note: 'Ziel laut Tankbeleg korrigiert',
      createdById: fleet.id,
      createdAt: new Date((target.endedAt as Date).getTime() + 2 * DAY),
    });
  }
}
