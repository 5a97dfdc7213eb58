import { berlinDay, instantOf } from '@domain/opening-hours';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';

/**
 * Demo of the live occupancy (decision 230): the Bibliothek shows the
 * occupancy of its ground-floor reading room on its website (the upper floor
 * stays off, so the room admin's list shows both), may be embedded by a page
 * on http://localhost:8080, in the library's green. Today's bookings of
 * readers without a login fill the day from opening to closing, on seats no
 * test books, so the page shows free and taken places whenever it is opened
 * on the day the demo was written. They are checked in (durchgeführt, from
 * their start): nobody signs in as these readers, and a reserved seat nobody checks
 * into is released 15 minutes after its start, which would empty the page by
 * the afternoon of the demo's day.
 */
const TODAY: [string[], string, string][] = [
  [['EG-12', 'EG-13', 'EG-14', 'EG-15', 'EG-16', 'EG-18', 'EG-19'], '08:00', '20:00'],
  [['EG-40', 'EG-41', 'EG-42', 'EG-43', 'EG-45', 'EG-46', 'EG-47', 'EG-48', 'EG-49'], '08:00', '13:00'],
  [['EG-51', 'EG-52', 'EG-53', 'EG-54', 'EG-56', 'EG-57', 'EG-58', 'EG-59'], '13:00', '20:00'],
  [['EG-62', 'EG-63', 'EG-64', 'EG-65'], '10:00', '16:00'],
  [['EG-67', 'EG-68', 'EG-69'], '16:00', '20:00'],
];

export async function seedOccupancy(tx: Db, now = new Date()): Promise<void> {
  const [bib] = await tx.select({ id: t.tenants.id }).from(t.tenants).where(eq(t.tenants.subIdentifier, 'bibliothek'));
  if (!bib) return;
  const tenantId = bib.id;
  const [plan] = await tx
    .select({ id: t.floorPlans.id })
    .from(t.floorPlans)
    .where(and(eq(t.floorPlans.tenantId, tenantId), eq(t.floorPlans.name, 'Lesesaal Erdgeschoss')));
  if (!plan) return;
  await tx.insert(t.occupancyFloorPlans).values({ tenantId, floorPlanId: plan.id });
  await tx.insert(t.occupancyEmbedding).values({ tenantId, origins: ['http://localhost:8080'], colour: '#2f6f4e' });
  const seats = await tx
    .select({ id: t.readingRooms.id, designation: t.readingRooms.designation })
    .from(t.readingRooms)
    .where(and(eq(t.readingRooms.tenantId, tenantId), eq(t.readingRooms.floorPlanId, plan.id)));
  const seatId = new Map(seats.map((s) => [s.designation, s.id]));
  const readers = (
    await tx
      .select({ id: t.users.id, email: t.users.email })
      .from(t.users)
      .where(and(eq(t.users.tenantId, tenantId), like(t.users.email, 'leser%')))
      .orderBy(t.users.email)
  )
    .filter((r) => /^leser\d+@/.test(r.email ?? ''))
    .map((r) => r.id);
  if (readers.length === 0) return;
  const today = berlinDay(now);
  let next = 0;
  const rows = TODAY.flatMap(([names, von, bis]) =>
    names
      .filter((n) => seatId.has(n))
      .map((n) => ({
        tenantId,
        readingRoomId: seatId.get(n)!,
        von: instantOf(today, von),
        bis: instantOf(today, bis),
        status: 'durchgeführt',
        checkedInAt: instantOf(today, von),
        bookerId: readers[next++ % readers.length]!,
      })),
  );
  if (rows.length) await tx.insert(t.readingRoomBookings).values(rows);
}
