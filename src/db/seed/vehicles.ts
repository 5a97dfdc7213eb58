import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';

/**
 * Demo fleet. Stadtwerke: 9 vehicles at its two locations (two
 * electric, a van needing class B, one Mon–Fri 09–18 vehicle bookable outside
 * those times with approval) with bookings from two weeks ago to two weeks
 * ahead; Tourist-Info: 10 guest bikes. Times relative to now, otherwise
 * deterministic.
 */

type V = {
  loc: string;
  category: string;
  brand: string;
  model: string;
  plate: string;
  fuel: string;
  powerKw: number;
  gearbox: string;
  seats: number;
  doors: number;
  colour: string;
  licence?: string;
  trunk?: number;
  ac?: boolean;
  nav?: boolean;
  outside?: boolean;
  weekdays?: string[];
  from?: string;
  to?: string;
  attrs?: { tankkarte?: 'ja' | 'nein'; ahk?: 'true' | 'false' };
};

const ALL_DAYS = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];
const WORK_DAYS = ALL_DAYS.slice(0, 5);

const STADTWERKE: V[] = [
  {
    loc: 'Betriebshof Nord',
    category: 'Kleinwagen',
    brand: 'VW',
    model: 'ID.3',
    plate: 'MS-SW 301E',
    fuel: 'Elektro',
    powerKw: 150,
    gearbox: 'Automatik',
    seats: 5,
    doors: 5,
    colour: 'Weiß',
    licence: 'B',
    nav: true,
    ac: true,
    attrs: { tankkarte: 'nein', ahk: 'false' },
  },
  {
    loc: 'Betriebshof Nord',
    category: 'Transporter',
    brand: 'VW',
    model: 'Crafter Kastenwagen',
    plate: 'MS-SW 410',
    fuel: 'Diesel',
    powerKw: 103,
    gearbox: 'Schaltgetriebe',
    seats: 3,
    doors: 4,
    colour: 'Orange',
    licence: 'B',
    trunk: 20,
    attrs: { tankkarte: 'ja', ahk: 'true' },
  },
  {
    loc: 'Betriebshof Nord',
    category: 'Transporter',
    brand: 'Ford',
    model: 'Transit Custom',
    plate: 'MS-SW 411',
    fuel: 'Diesel',
    powerKw: 96,
    gearbox: 'Schaltgetriebe',
    seats: 3,
    doors: 4,
    colour: 'Orange',
    licence: 'B',
    trunk: 15,
    attrs: { tankkarte: 'ja', ahk: 'true' },
  },
  {
    loc: 'Betriebshof Nord',
    category: 'Kombi',
    brand: 'Škoda',
    model: 'Octavia Combi',
    plate: 'MS-SW 220',
    fuel: 'Benzin',
    powerKw: 110,
    gearbox: 'Automatik',
    seats: 5,
    doors: 5,
    colour: 'Grau',
    licence: 'B',
    nav: true,
    ac: true,
    trunk: 6,
    attrs: { tankkarte: 'ja', ahk: 'true' },
  },
  {
    loc: 'Betriebshof Nord',
    category: 'Pritschenwagen',
    brand: 'Opel',
    model: 'Movano Pritsche',
    plate: 'MS-SW 520',
    fuel: 'Diesel',
    powerKw: 120,
    gearbox: 'Schaltgetriebe',
    seats: 3,
    doors: 2,
    colour: 'Weiß',
    licence: 'B',
    attrs: { tankkarte: 'ja', ahk: 'true' },
  },
  {
    loc: 'Verwaltung Innenstadt',
    category: 'Kompaktklasse',
    brand: 'VW',
    model: 'Golf',
    plate: 'MS-SW 101',
    fuel: 'Benzin',
    powerKw: 85,
    gearbox: 'Schaltgetriebe',
    seats: 5,
    doors: 5,
    colour: 'Blau',
    licence: 'B',
    nav: true,
    ac: true,
    trunk: 3,
    attrs: { tankkarte: 'ja', ahk: 'false' },
  },
  {
    loc: 'Verwaltung Innenstadt',
    category: 'Kleinwagen',
    brand: 'Renault',
    model: 'Zoe',
    plate: 'MS-SW 302E',
    fuel: 'Elektro',
    powerKw: 80,
    gearbox: 'Automatik',
    seats: 5,
    doors: 5,
    colour: 'Grün',
    licence: 'B',
    nav: true,
    ac: true,
    attrs: { tankkarte: 'nein', ahk: 'false' },
  },
  {
    loc: 'Verwaltung Innenstadt',
    category: 'Kleinwagen',
    brand: 'Toyota',
    model: 'Yaris Hybrid',
    plate: 'MS-SW 120',
    fuel: 'Hybrid',
    powerKw: 85,
    gearbox: 'Automatik',
    seats: 5,
    doors: 5,
    colour: 'Rot',
    licence: 'B',
    ac: true,
    outside: true,
    weekdays: WORK_DAYS,
    from: '09:00',
    to: '18:00',
    attrs: { tankkarte: 'ja', ahk: 'false' },
  },
  {
    loc: 'Verwaltung Innenstadt',
    category: 'Kleinwagen',
    brand: 'Škoda',
    model: 'Fabia',
    plate: 'MS-SW 121',
    fuel: 'Benzin',
    powerKw: 70,
    gearbox: 'Schaltgetriebe',
    seats: 5,
    doors: 5,
    colour: 'Silber',
    licence: 'B',
    ac: true,
    attrs: { tankkarte: 'ja', ahk: 'false' },
  },
];

const REASONS = ['Baustellenbesuch', 'Zählerablesung', 'Kundentermin', 'Materialtransport', 'Netzinspektion', 'Schulung'];
const DESTINATIONS = ['Umspannwerk Süd', 'Wasserwerk Am Hang', 'Rathaus', 'Baustelle Lindenallee', 'Kundencenter Markt', 'Pumpwerk Ost'];
const GAP_MINUTES = 15;

export async function seedVehicles(tx: Db, now = new Date()): Promise<void> {
  const tenants = await tx
    .select({ id: t.tenants.id, sub: t.tenants.subIdentifier })
    .from(t.tenants)
    .where(inArray(t.tenants.subIdentifier, ['stadtwerke', 'tourismus']));
  const sw = tenants.find((x) => x.sub === 'stadtwerke')?.id;
  const ti = tenants.find((x) => x.sub === 'tourismus')?.id;
  if (sw) await seedStadtwerke(tx, sw, now);
  if (ti) await seedTourismus(tx, ti);
}

async function locationIds(tx: Db, tenantId: string): Promise<Map<string, string>> {
  const rows = await tx.select({ id: t.locations.id, name: t.locations.name }).from(t.locations).where(eq(t.locations.tenantId, tenantId));
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function seedStadtwerke(tx: Db, tenantId: string, now: Date): Promise<void> {
  await tx.insert(t.settingValues).values([
    { tenantId, optionName: 'fahrzeugIndividuelleBuchungszeiten', layer: 'MANDANT', value: 'true' },
    { tenantId, optionName: 'fahrzeugBuchungAusserhalbZeiten', layer: 'MANDANT', value: 'true' },
  ]);
  const locs = await locationIds(tx, tenantId);
  const [tankkarte, ahk] = await tx
    .insert(t.objectAttributes)
    .values([
      {
        tenantId,
        target: 'FAHRZEUG',
        type: 'RADIOS',
        label: 'Tankkarte im Fahrzeug',
        choices: [
          { key: 'ja', text: 'Ja' },
          { key: 'nein', text: 'Nein' },
        ],
        conditions: [
          { type: 'SHOW_CARD', value: null, dependentAttributeId: null },
          { type: 'SHOW_FILTER', value: null, dependentAttributeId: null },
        ],
        sortOrder: 1,
      },
      {
        tenantId,
        target: 'FAHRZEUG',
        type: 'CHECKBOX',
        label: 'Anhängerkupplung',
        choices: [],
        conditions: [
          { type: 'SHOW_CARD', value: null, dependentAttributeId: null },
          { type: 'SHOW_FILTER', value: null, dependentAttributeId: null },
        ],
        sortOrder: 2,
      },
    ])
    .returning({ id: t.objectAttributes.id });
  const [fahrtart] = await tx
    .insert(t.objectAttributes)
    .values({
      tenantId,
      target: 'FAHRZEUG_VERLAUF',
      type: 'DROPDOWN',
      label: 'Art der Fahrt',
      choices: [
        { key: 'dienst', text: 'Dienstfahrt' },
        { key: 'bereitschaft', text: 'Bereitschaftsfahrt' },
        { key: 'werkstatt', text: 'Werkstattfahrt' },
      ],
      conditions: [{ type: 'MANDATORY', value: null, dependentAttributeId: null }],
      sortOrder: 1,
    })
    .returning({ id: t.objectAttributes.id });
  await tx.insert(t.objectAttributes).values({
    tenantId,
    target: 'FAHRZEUG_VERLAUF',
    type: 'TEXT',
    label: 'Werkstatt',
    choices: [],
    conditions: [{ type: 'SHOW_IF', value: 'werkstatt', dependentAttributeId: fahrtart!.id }],
    sortOrder: 2,
  });

  const ids = await tx
    .insert(t.vehicles)
    .values(
      STADTWERKE.map((v) => ({
        tenantId,
        validFrom: '2024-01-01',
        validTo: null,
        locationId: locs.get(v.loc)!,
        category: v.category,
        brand: v.brand,
        model: v.model,
        licensePlate: v.plate,
        fuel: v.fuel,
        powerKw: v.powerKw,
        gearbox: v.gearbox,
        trunkBags: v.trunk ?? 2,
        seats: v.seats,
        doors: v.doors,
        colour: v.colour,
        requiredLicenseClass: v.licence ?? null,
        airConditioning: v.ac ?? false,
        navigation: v.nav ?? false,
        cruiseControl: v.ac ?? false,
        seatHeating: false,
        guestBookingPossible: false,
        bookingOutsidePossible: v.outside ?? false,
        bookingWeekdays: v.weekdays ?? ALL_DAYS,
        bookingFrom: v.from ?? '06:00',
        bookingTo: v.to ?? '22:00',
      })),
    )
    .returning({ id: t.vehicles.id });
  await tx
    .insert(t.vehicleAttributeValues)
    .values(
      STADTWERKE.flatMap((v, i) => [
        ...(v.attrs?.tankkarte ? [{ tenantId, vehicleId: ids[i]!.id, attributeId: tankkarte!.id, value: v.attrs.tankkarte }] : []),
        ...(v.attrs?.ahk ? [{ tenantId, vehicleId: ids[i]!.id, attributeId: ahk!.id, value: v.attrs.ahk }] : []),
      ]),
    );
  await tx.insert(t.vehicleHistory).values(
    ids.map((v) => ({
      tenantId,
      vehicleId: v.id,
      type: 'ERSTELLUNG',
      description: 'Fahrzeug wurde angelegt.',
      time: new Date('2024-01-01T08:00:00Z'),
    })),
  );

  const users = await tx
    .select({ id: t.users.id, email: t.users.email })
    .from(t.users)
    .where(
      and(
        eq(t.users.tenantId, tenantId),
        inArray(t.users.email, [
          'mitarbeiter@stadtwerke.test',
          'fuhrpark@stadtwerke.test',
          'freigabe@stadtwerke.test',
          'admin@stadtwerke.test',
        ]),
      ),
    );
  const byMail = new Map(users.map((u) => [u.email, u.id]));
  const drivers = ['mitarbeiter@stadtwerke.test', 'fuhrpark@stadtwerke.test', 'freigabe@stadtwerke.test', 'admin@stadtwerke.test'].map(
    (m) => byMail.get(m)!,
  );
  const fleet = byMail.get('fuhrpark@stadtwerke.test')!;

  // One booking per vehicle on some days from 14 days ago to 14 days ahead, inside 08:00–17:00, so
  // e2e journeys and demos find free slots from day 15 on and in the evenings.
  const today = berlinDay(now);
  const bookings: (typeof t.vehicleBookings.$inferInsert)[] = [];
  const history: (typeof t.vehicleHistory.$inferInsert)[] = [];
  const mileage = ids.map((_, i) => 12_000 + i * 7_345);
  for (let d = -14; d <= 14; d++) {
    const day = addDays(today, d);
    ids.forEach((v, i) => {
      if ((d + 14 + i) % 3 !== 0) return;
      if (STADTWERKE[i]!.weekdays) return; // the special-trip vehicle keeps free for the approval journey
      const startHour = 8 + ((d + 20 + i * 2) % 6);
      const hours = 1 + ((i + d + 20) % 3);
      const von = berlinInstant(day, `${String(startHour).padStart(2, '0')}:00`);
      const bis = berlinInstant(day, `${String(startHour + hours).padStart(2, '0')}:00`);
      // Nobody starts a demo trip: a booking of today that has not begun yet would be cancelled half an hour after
      // its start ("nicht rechtzeitig gestartet") while the demo is in use. Today keeps the trips done or under way.
      if (d === 0 && von >= now) return;
      const driverId = drivers[(i + d + 14) % drivers.length]!;
      const past = bis < now;
      const idx = (i + d + 14) % REASONS.length;
      const id = crypto.randomUUID();
      bookings.push({
        tenantId,
        id,
        vehicleId: v.id,
        von,
        bis,
        blockedUntil: new Date(bis.getTime() + GAP_MINUTES * 60_000),
        status: past ? 'durchgeführt' : von < now ? 'aktiv' : 'reserviert',
        type: 'BUCHUNG',
        bookedById: d % 4 === 0 ? fleet : driverId,
        driverId,
        reason: REASONS[idx]!,
        destination: DESTINATIONS[idx]!,
      });
      // Real trips do not run to the booked minute: started 0–15 minutes after the booked start, ended
      // 0–10 minutes before the booked end; the logbook reads these times (decision 192).
      const startedAt = new Date(von.getTime() + ((i * 7 + d * 3 + 40) % 4) * 5 * 60_000);
      const checkInAt = startedAt < now ? startedAt : von;
      const checkOutAt = new Date(bis.getTime() - ((i + d + 20) % 3) * 5 * 60_000);
      if (!past && von < now) {
        history.push({
          tenantId,
          vehicleId: v.id,
          type: 'CHECK_IN',
          status: 'aktiv',
          bookingId: id,
          userId: driverId,
          time: checkInAt,
          mileage: mileage[i]!,
        });
      }
      if (past) {
        const km = 20 + ((i * 13 + d * 7 + 200) % 90);
        history.push(
          {
            tenantId,
            vehicleId: v.id,
            type: 'CHECK_IN',
            status: 'aktiv',
            bookingId: id,
            userId: driverId,
            time: checkInAt,
            mileage: mileage[i]!,
          },
          {
            tenantId,
            vehicleId: v.id,
            type: 'CHECK_OUT',
            status: 'durchgeführt',
            bookingId: id,
            userId: driverId,
            time: checkOutAt,
            mileage: mileage[i]! + km,
            fuelPercent: 40 + ((i * 11 + d * 5 + 100) % 60),
            cleanlinessInside: 'sauber',
            cleanlinessOutside: d % 5 === 0 ? 'leicht verschmutzt' : 'sauber',
            attributes: { [fahrtart!.id]: 'dienst' },
          },
        );
        mileage[i] = mileage[i]! + km;
      }
    });
  }
  await tx.insert(t.vehicleBookings).values(bookings);
  await tx.insert(t.vehicleHistory).values(history);
}

async function seedTourismus(tx: Db, tenantId: string): Promise<void> {
  const locs = await locationIds(tx, tenantId);
  const hafen = locs.get('Tourist-Info am Hafen')!;
  const ids = await tx
    .insert(t.vehicles)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        tenantId,
        validFrom: '2024-01-01',
        validTo: null,
        locationId: hafen,
        category: i < 4 ? 'E-Bike' : 'Trekkingrad',
        brand: i < 4 ? 'Kalkhoff' : 'Gazelle',
        model: i < 4 ? 'Endeavour 5' : 'Chamonix',
        licensePlate: `Rad ${String(i + 1).padStart(2, '0')}`,
        fuel: i < 4 ? 'Akku' : 'Muskelkraft',
        powerKw: null,
        gearbox: i < 4 ? 'Nabenschaltung' : 'Kettenschaltung',
        trunkBags: 2,
        seats: 1,
        doors: 0,
        colour: ['Blau', 'Weiß', 'Grün', 'Rot', 'Schwarz'][i % 5]!,
        requiredLicenseClass: null,
        guestBookingPossible: true,
        bookingOutsidePossible: false,
        bookingWeekdays: ALL_DAYS,
        bookingFrom: '09:00',
        bookingTo: '18:00',
      })),
    )
    .returning({ id: t.vehicles.id });
  await tx.insert(t.vehicleHistory).values(
    ids.map((v) => ({
      tenantId,
      vehicleId: v.id,
      type: 'ERSTELLUNG',
      description: 'Fahrzeug wurde angelegt.',
      time: new Date('2024-01-01T08:00:00Z'),
    })),
  );
}
