import { randomUUID } from 'node:crypto';
import { addDays, berlinDay, instantOf, isoWeekday } from '@domain/opening-hours';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';
import { DEMO_LAYOUTS, type DemoLayout, demoPlanPath } from './reading-room-plan-image';

/**
 * Demo data: the Bibliothek gets two reading-room floor plans
 * (132 seats, 4 group rooms with equipment), the Stadtwerke an office floor
 * plan with 40 desks (area arbeitswelt). Plan images are drawn in code
 * (reading-room-plan-image.ts) and materialised on first request.
 */

interface PlanSeed {
  name: string;
  area: 'leseraum' | 'arbeitswelt';
  layout: DemoLayout;
  prefix: string;
  roomNames: { name: string; capacity: number; equipment: [string, number][]; description: string; conditions: string }[];
  seatEquipment: (i: number) => [string, number][];
  openDays: number[];
  von: string;
  bis: string;
}

async function tenantId(tx: Db, sub: string): Promise<string | null> {
  const [row] = await tx.select({ id: t.tenants.id }).from(t.tenants).where(eq(t.tenants.subIdentifier, sub));
  return row?.id ?? null;
}

async function userId(tx: Db, tenant: string, email: string): Promise<string> {
  const [row] = await tx
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(eq(t.users.tenantId, tenant), eq(t.users.email, email)));
  return row!.id;
}

/** Readers without a login who fill the demo map (the weekly limit applies to each of them). */
const DEMO_READERS = [
  ['Jonas', 'Weber'],
  ['Mia', 'Schulz'],
  ['Leon', 'Becker'],
  ['Emma', 'Hoffmann'],
  ['Paul', 'Koch'],
  ['Hannah', 'Richter'],
  ['Elias', 'Wolf'],
  ['Lea', 'Neumann'],
] as const;

async function seedReaders(tx: Db, tenant: string): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, [firstName, lastName]] of DEMO_READERS.entries()) {
    const authUserId = randomUUID();
    const email = `leser${i + 1}@bibliothek.test`;
    await tx.insert(t.authUser).values({ id: authUserId, name: `${firstName} ${lastName}`, email, emailVerified: true });
    const [row] = await tx
      .insert(t.users)
      .values({ tenantId: tenant, authUserId, employeeId: `UB-1${String(i + 1).padStart(2, '0')}`, firstName, lastName, email })
      .returning({ id: t.users.id });
    ids.push(row!.id);
  }
  return ids;
}

async function seedPlan(tx: Db, tenant: string, locationId: string, equipmentIds: Map<string, string>, p: PlanSeed) {
  const [plan] = await tx
    .insert(t.floorPlans)
    .values({
      tenantId: tenant,
      name: p.name,
      area: p.area,
      locationId,
      imagePath: demoPlanPath(p.layout.key),
      imageType: 'image/png',
      imageWidth: p.layout.width,
      imageHeight: p.layout.height,
    })
    .returning({ id: t.floorPlans.id });
  const floorPlanId = plan!.id;
  await tx.insert(t.floorPlanOpeningHours).values(
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      tenantId: tenant,
      floorPlanId,
      weekday,
      von: p.von,
      bis: p.bis,
      open: p.openDays.includes(weekday),
    })),
  );
  const seatRows = p.layout.seats.map((s, i) => ({
    tenantId: tenant,
    floorPlanId,
    kind: 'platz',
    designation: `${p.prefix}-${String(i + 1).padStart(2, '0')}`,
    capacity: 1,
    posX: s.x,
    posY: s.y,
    description: '',
    conditions: '',
  }));
  const roomRows = p.layout.rooms.map((r, i) => ({
    tenantId: tenant,
    floorPlanId,
    kind: 'raum',
    designation: p.roomNames[i]!.name,
    capacity: p.roomNames[i]!.capacity,
    posX: r.x,
    posY: r.y,
    description: p.roomNames[i]!.description,
    conditions: p.roomNames[i]!.conditions,
  }));
  const inserted = await tx
    .insert(t.readingRooms)
    .values([...seatRows, ...roomRows])
    .returning({ id: t.readingRooms.id, designation: t.readingRooms.designation });
  const idOf = new Map(inserted.map((r) => [r.designation, r.id]));
  const eqRows: (typeof t.readingRoomEquipment.$inferInsert)[] = [];
  seatRows.forEach((s, i) => {
    for (const [name, count] of p.seatEquipment(i))
      eqRows.push({ tenantId: tenant, readingRoomId: idOf.get(s.designation)!, equipmentId: equipmentIds.get(name)!, count });
  });
  roomRows.forEach((r, i) => {
    for (const [name, count] of p.roomNames[i]!.equipment)
      eqRows.push({ tenantId: tenant, readingRoomId: idOf.get(r.designation)!, equipmentId: equipmentIds.get(name)!, count });
  });
  if (eqRows.length) await tx.insert(t.readingRoomEquipment).values(eqRows);
  return { floorPlanId, idOf };
}

async function seedEquipment(tx: Db, tenant: string, names: string[]) {
  const rows = await tx
    .insert(t.equipment)
    .values(names.map((name) => ({ tenantId: tenant, name })))
    .returning({ id: t.equipment.id, name: t.equipment.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function seedReadingRooms(tx: Db, now = new Date()): Promise<void> {
  const today = berlinDay(now);
  const tomorrow = addDays(today, 1);

  const bib = await tenantId(tx, 'bibliothek');
  if (bib) {
    const [loc] = await tx.insert(t.locations).values({ tenantId: bib, name: 'Zentralbibliothek' }).returning({ id: t.locations.id });
    const eqIds = await seedEquipment(tx, bib, [
      'Steckdose',
      'Leselampe',
      'PC-Arbeitsplatz',
      'Whiteboard',
      'Bildschirm',
      'Beamer',
      'Flipchart',
    ]);
    const allDays = [1, 2, 3, 4, 5, 6, 7];
    const seatEq = (i: number): [string, number][] => [
      ...(i % 2 === 0 ? [['Steckdose', 1] as [string, number]] : []),
      ...(i % 12 < 2 ? [['Leselampe', 1] as [string, number]] : []),
      ...(i % 24 === 23 ? [['PC-Arbeitsplatz', 1] as [string, number]] : []),
    ];
    const eg = await seedPlan(tx, bib, loc!.id, eqIds, {
      name: 'Lesesaal Erdgeschoss',
      area: 'leseraum',
      layout: DEMO_LAYOUTS['bibliothek-eg']!,
      prefix: 'EG',
      roomNames: [
        {
          name: 'Gruppenraum 1',
          capacity: 6,
          equipment: [
            ['Whiteboard', 1],
            ['Bildschirm', 1],
            ['Steckdose', 6],
          ],
          description: 'Ruhiger Raum für Lerngruppen',
          conditions: 'Bitte Raum aufgeräumt verlassen.',
        },
        {
          name: 'Gruppenraum 2',
          capacity: 8,
          equipment: [
            ['Beamer', 1],
            ['Whiteboard', 2],
            ['Steckdose', 8],
          ],
          description: 'Mit Beamer für Referatsproben',
          conditions: 'Essen und Trinken nur in verschlossenen Behältern.',
        },
      ],
      seatEquipment: seatEq,
      openDays: allDays,
      von: '08:00',
      bis: '20:00',
    });
    const og = await seedPlan(tx, bib, loc!.id, eqIds, {
      name: 'Lesesaal 1. Obergeschoss',
      area: 'leseraum',
      layout: DEMO_LAYOUTS['bibliothek-og1']!,
      prefix: 'OG',
      roomNames: [
        {
          name: 'Gruppenraum 3',
          capacity: 4,
          equipment: [
            ['Bildschirm', 1],
            ['Flipchart', 1],
          ],
          description: 'Kleiner Gruppenraum',
          conditions: '',
        },
        {
          name: 'Gruppenraum 4',
          capacity: 10,
          equipment: [
            ['Beamer', 1],
            ['Whiteboard', 1],
            ['Flipchart', 1],
            ['Steckdose', 10],
          ],
          description: 'Großer Gruppenraum',
          conditions: 'Nur für Gruppen ab 4 Personen gedacht.',
        },
      ],
      seatEquipment: seatEq,
      openDays: allDays,
      von: '08:00',
      bis: '20:00',
    });
    await tx.insert(t.settingValues).values({
      tenantId: bib,
      optionName: 'leseraumBuchbareWochentage',
      layer: 'MANDANT',
      value: JSON.stringify(['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags']),
    });
    const leser = await userId(tx, bib, 'leser@bibliothek.test');
    const readers = await seedReaders(tx, bib);
    let next = 0;
    const nextReader = () => readers[next++ % readers.length]!;
    await tx.insert(t.settingValues).values([
      { tenantId: bib, optionName: 'favoritGrundriss', layer: 'BENUTZER', userId: leser, value: eg.floorPlanId },
      {
        tenantId: bib,
        optionName: 'favoritPlaetze',
        layer: 'BENUTZER',
        userId: leser,
        value: JSON.stringify(['EG-05', 'EG-06', 'EG-17'].map((d) => eg.idOf.get(d)!)),
      },
    ]);
    // Occupancy to look at: tomorrow a block of seats all day and a few mornings; one group room in the afternoon.
    const bookings: (typeof t.readingRoomBookings.$inferInsert)[] = [];
    for (let i = 30; i <= 45; i++) {
      bookings.push({
        tenantId: bib,
        readingRoomId: eg.idOf.get(`EG-${i}`)!,
        von: instantOf(tomorrow, '08:00'),
        bis: instantOf(tomorrow, '20:00'),
        status: 'reserviert',
        bookerId: nextReader(),
      });
    }
    for (let i = 50; i <= 55; i++) {
      bookings.push({
        tenantId: bib,
        readingRoomId: eg.idOf.get(`EG-${i}`)!,
        von: instantOf(tomorrow, '08:00'),
        bis: instantOf(tomorrow, '12:00'),
        status: 'reserviert',
        bookerId: nextReader(),
      });
    }
    for (let i = 10; i <= 20; i++) {
      bookings.push({
        tenantId: bib,
        readingRoomId: og.idOf.get(`OG-${i}`)!,
        von: instantOf(tomorrow, '12:00'),
        bis: instantOf(tomorrow, '20:00'),
        status: 'reserviert',
        bookerId: nextReader(),
      });
    }
    bookings.push({
      tenantId: bib,
      readingRoomId: eg.idOf.get('Gruppenraum 2')!,
      von: instantOf(tomorrow, '14:00'),
      bis: instantOf(tomorrow, '16:00'),
      status: 'reserviert',
      bookerId: nextReader(),
      groupSize: 5,
      placeFrom: 1,
      placeTo: 6,
    });
    await tx.insert(t.readingRoomBookings).values(bookings);
  }

  const sw = await tenantId(tx, 'stadtwerke');
  if (sw) {
    const [loc] = await tx
      .select({ id: t.locations.id })
      .from(t.locations)
      .where(and(eq(t.locations.tenantId, sw), eq(t.locations.name, 'Verwaltung Innenstadt')));
    const eqIds = await seedEquipment(tx, sw, ['Docking-Station', 'Zwei Monitore', 'Höhenverstellbar', 'Headset']);
    const office = await seedPlan(tx, sw, loc!.id, eqIds, {
      name: 'Verwaltung 2. OG',
      area: 'arbeitswelt',
      layout: DEMO_LAYOUTS['stadtwerke-og2']!,
      prefix: 'T',
      roomNames: [],
      seatEquipment: (i) => [
        ['Docking-Station', 1],
        ...(i % 2 === 0 ? [['Zwei Monitore', 1] as [string, number]] : []),
        ...(i % 4 === 3 ? [['Höhenverstellbar', 1] as [string, number]] : []),
      ],
      openDays: [1, 2, 3, 4, 5],
      von: '07:00',
      bis: '19:00',
    });
    if (isoWeekday(tomorrow) <= 5) {
      const colleagues = [
        await userId(tx, sw, 'fuhrpark@stadtwerke.test'),
        await userId(tx, sw, 'freigabe@stadtwerke.test'),
        await userId(tx, sw, 'pruefer@stadtwerke.test'),
      ];
      await tx.insert(t.readingRoomBookings).values(
        [1, 2, 3, 4, 9, 10].map((i, n) => ({
          tenantId: sw,
          readingRoomId: office.idOf.get(`T-${String(i).padStart(2, '0')}`)!,
          von: instantOf(tomorrow, '07:00'),
          bis: instantOf(tomorrow, i % 2 ? '19:00' : '12:00'),
          status: 'reserviert',
          bookerId: colleagues[n % colleagues.length]!,
        })),
      );
    }
    // A booking series (decision 091): freigabe@ sits at T-12 every Wednesday; the days in the window are booked,
    // the daily job books the rest as the window moves on.
    const wednesdays: string[] = [];
    for (let d = addDays(today, 1); wednesdays.length < 2; d = addDays(d, 1)) if (isoWeekday(d) === 3) wednesdays.push(d);
    const frieda = await userId(tx, sw, 'freigabe@stadtwerke.test');
    const desk = office.idOf.get('T-12')!;
    const [series] = await tx
      .insert(t.bookingSeries)
      .values({
        tenantId: sw,
        bookerId: frieda,
        readingRoomId: desk,
        rule: { startDate: wednesdays[0]!, weekdays: [3], intervalWeeks: 1, count: 8, mode: 'ganztags' },
        fromTime: '',
        toTime: '',
        bookedThrough: wednesdays[1]!,
      })
      .returning({ id: t.bookingSeries.id });
    await tx.insert(t.readingRoomBookings).values(
      wednesdays.map((d) => ({
        tenantId: sw,
        readingRoomId: desk,
        von: instantOf(d, '07:00'),
        bis: instantOf(d, '17:00'),
        status: 'reserviert',
        bookerId: frieda,
        seriesId: series!.id,
      })),
    );
    // „Mein Team heute“ (decision 110): switched on for the Stadtwerke. Anna (Verwaltung) sees Frieda and Paul of her
    // department, Max (Kundenservice) sees Felix and Frieda, his favourites; all five agreed. They sit tomorrow (above)
    // or, when tomorrow is a weekend day, on the next working day.
    const [anna, felix, paul, max] = [
      await userId(tx, sw, 'admin@stadtwerke.test'),
      await userId(tx, sw, 'fuhrpark@stadtwerke.test'),
      await userId(tx, sw, 'pruefer@stadtwerke.test'),
      await userId(tx, sw, 'mitarbeiter@stadtwerke.test'),
    ];
    await tx.insert(t.settingValues).values([
      { tenantId: sw, optionName: 'teamSitzplaetze', layer: 'MANDANT', value: 'true' },
      ...[anna, frieda, paul, felix, max].map((u) => ({
        tenantId: sw,
        optionName: 'teamSitzplatzFreigabe',
        layer: 'BENUTZER',
        userId: u,
        value: 'true',
      })),
      { tenantId: sw, optionName: 'teamFavoriten', layer: 'BENUTZER', userId: max, value: JSON.stringify([felix, frieda]) },
    ]);
    let workday = tomorrow;
    while (isoWeekday(workday) > 5) workday = addDays(workday, 1);
    if (workday !== tomorrow) {
      const seated: [string, string][] = [
        ['T-01', felix],
        ['T-03', paul],
        // On a Wednesday Frieda already sits at T-12 (her series).
        ...(isoWeekday(workday) === 3 ? [] : [['T-02', frieda] as [string, string]]),
      ];
      await tx.insert(t.readingRoomBookings).values(
        seated.map(([desk, person]) => ({
          tenantId: sw,
          readingRoomId: office.idOf.get(desk)!,
          von: instantOf(workday, '07:00'),
          bis: instantOf(workday, '19:00'),
          status: 'reserviert',
          bookerId: person,
        })),
      );
    }
  }
}
