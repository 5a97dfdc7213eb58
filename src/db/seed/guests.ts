import { createHash, randomBytes } from 'node:crypto';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';

/**
 * Demo guests for the Tourist-Info: the public rental is on, the
 * guest contact is set, and the reception's day list has something to show
 * today (a hand-over, a bike on the road, one not collected) and tomorrow.
 * Their links are random and unknown: guests of the demo get no mail.
 * The list holds for the whole day the demo is started on: the Tourist-Info does not cancel a booking that was
 * not collected in time (demo-data.ts), and the bike on the road was checked in before now and is due back
 * after now, whatever the hour.
 */
export async function seedGuests(tx: Db, now = new Date()): Promise<void> {
  const [tenant] = await tx.select({ id: t.tenants.id }).from(t.tenants).where(eq(t.tenants.subIdentifier, 'tourismus'));
  if (!tenant) return;
  const tenantId = tenant.id;
  await tx.insert(t.settingValues).values([
    { tenantId, optionName: 'gastverleihAktiv', layer: 'MANDANT', value: 'true' },
    {
      tenantId,
      optionName: 'fahrzeugGastKontakt',
      layer: 'MANDANT',
      value: 'Tourist-Info am Hafen, Tel. 04561 1234-0, rad@tourismus.test',
    },
  ]);
  const [reception] = await tx
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(eq(t.users.tenantId, tenantId), eq(t.users.email, 'empfang@tourismus.test')));
  const bikes = await tx
    .select({ id: t.vehicles.id, plate: t.vehicles.licensePlate })
    .from(t.vehicles)
    .where(eq(t.vehicles.tenantId, tenantId))
    .orderBy(t.vehicles.licensePlate);
  if (!reception || bikes.length < 4) return;
  const today = berlinDay(now);
  const tomorrow = addDays(today, 1);
  const dayStart = berlinInstant(today, '00:00');
  const lastMinute = berlinInstant(today, '23:59');
  // On the road since 10:00, or since shortly before now when the demo starts earlier; back at 17:00, or later
  // when the demo starts in the evening (never past the day, so it stays a return of today).
  const minutes = 60_000;
  const outSince = new Date(Math.max(dayStart.getTime(), Math.min(berlinInstant(today, '10:00').getTime(), now.getTime() - 15 * minutes)));
  const backAt = new Date(Math.max(berlinInstant(today, '17:00').getTime(), Math.min(lastMinute.getTime(), now.getTime() + 120 * minutes)));
  const guests = [
    { bike: 0, name: 'Greta Gast', email: 'greta.gast@example.org', day: today, from: '09:00', to: '12:00', status: 'reserviert' },
    { bike: 1, name: 'Hannes Hafen', email: 'hannes.hafen@example.org', day: today, from: outSince, to: backAt, status: 'aktiv' },
    { bike: 2, name: 'Ida Insel', email: 'ida.insel@example.org', day: today, from: '15:00', to: '18:00', status: 'reserviert' },
    { bike: 3, name: 'Jonas Jolle', email: 'jonas.jolle@example.org', day: tomorrow, from: '09:00', to: '13:00', status: 'vorgemerkt' },
  ];
  for (const g of guests) {
    const von = typeof g.from === 'string' ? berlinInstant(g.day, g.from) : g.from;
    const bis = typeof g.to === 'string' ? berlinInstant(g.day, g.to) : g.to;
    const bike = bikes[g.bike]!;
    const [b] = await tx
      .insert(t.vehicleBookings)
      .values({
        tenantId,
        vehicleId: bike.id,
        von,
        bis,
        blockedUntil: bis,
        status: g.status,
        type: 'BUCHUNG',
        bookedById: reception.id,
        driverId: reception.id,
        infoText: `Gast: ${g.name}`,
      })
      .returning({ id: t.vehicleBookings.id });
    const confirmed = g.status !== 'vorgemerkt';
    await tx.insert(t.vehicleBookingGuests).values({
      tenantId,
      bookingId: b!.id,
      name: g.name,
      email: g.email,
      locale: 'de',
      source: 'empfang',
      confirmed,
      confirmedAt: confirmed ? new Date(von.getTime() - 2 * 86_400_000) : null,
      tokenHash: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex'),
    });
    if (g.status === 'aktiv') {
      await tx
        .insert(t.vehicleHistory)
        .values({ tenantId, vehicleId: bike.id, type: 'CHECK_IN', status: 'aktiv', bookingId: b!.id, time: von, userId: reception.id });
    }
  }
}
