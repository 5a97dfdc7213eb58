import { randomUUID } from 'node:crypto';
import { categoryKey, defectDescription } from '@domain/trip-checklist';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';

/**
 * Demo check before the trip for the Stadtwerke (decision 228): one checklist
 * for the cars (Kleinwagen, Kompaktklasse, Kombi) in its second version — the
 * charging cable came in a week ago and the warning triangle became „Warndreieck
 * und Warnweste“ — and one for the vans (Transporter). The Pritschenwagen keeps
 * without one. Every seeded trip start of a covered vehicle carries its answers,
 * with the version of its day; on the Ford Transit a driver found the first-aid
 * kit expired four days ago, which left an open damage. Dates relative to "now".
 */

const DAY = 86_400_000;

type Point = { key: string; label: string; critical: boolean };

const CARS_V1 = (k: (n: string) => string): Point[] => [
  { key: k('licht'), label: 'Beleuchtung (Scheinwerfer, Blinker, Bremslicht)', critical: true },
  { key: k('reifen'), label: 'Reifen (Profil, sichtbare Schäden)', critical: true },
  { key: k('bremse'), label: 'Bremsen (Funktionsprobe beim Anfahren)', critical: true },
  { key: k('warn'), label: 'Warndreieck', critical: false },
  { key: k('verband'), label: 'Verbandkasten (vollständig, haltbar)', critical: false },
];
const CARS_V2 = (k: (n: string) => string): Point[] => [
  ...CARS_V1(k).slice(0, 3),
  { key: k('warn'), label: 'Warndreieck und Warnweste', critical: false },
  CARS_V1(k)[4]!,
  { key: k('kabel'), label: 'Ladekabel an Bord (nur Elektrofahrzeuge)', critical: false },
];
const VANS = (k: (n: string) => string): Point[] => [
  { key: k('licht'), label: 'Beleuchtung (Scheinwerfer, Blinker, Bremslicht)', critical: true },
  { key: k('reifen'), label: 'Reifen und Reifendruck', critical: true },
  { key: k('bremse'), label: 'Bremsen (Funktionsprobe beim Anfahren)', critical: true },
  { key: k('ladung'), label: 'Ladungssicherung (Spanngurte, Zurrpunkte)', critical: true },
  { key: k('spiegel'), label: 'Außenspiegel eingestellt und unbeschädigt', critical: false },
  { key: k('warn'), label: 'Warndreieck und Warnweste', critical: false },
  { key: k('verband'), label: 'Verbandkasten (vollständig, haltbar)', critical: false },
];

export async function seedTripChecklists(tx: Db, now = new Date()): Promise<void> {
  const [tenant] = await tx.select({ id: t.tenants.id }).from(t.tenants).where(eq(t.tenants.subIdentifier, 'stadtwerke'));
  if (!tenant) return;
  const tenantId = tenant.id;
  const keys = new Map<string, string>();
  const key = (list: string) => (n: string) => {
    const k = `${list}:${n}`;
    if (!keys.has(k)) keys.set(k, randomUUID());
    return keys.get(k)!;
  };

  const publish = async (checklistId: string, version: number, at: Date, points: Point[]) => {
    const [v] = await tx
      .insert(t.tripChecklistVersions)
      .values({ tenantId, checklistId, version, publishedAt: at })
      .returning({ id: t.tripChecklistVersions.id });
    const items = await tx
      .insert(t.tripChecklistItems)
      .values(points.map((p, n) => ({ tenantId, versionId: v!.id, itemKey: p.key, position: n + 1, label: p.label, critical: p.critical })))
      .returning({ id: t.tripChecklistItems.id, key: t.tripChecklistItems.itemKey, label: t.tripChecklistItems.label });
    return { id: v!.id, at, items };
  };
  const checklist = async (name: string, categories: string[], at: Date) => {
    const [c] = await tx.insert(t.tripChecklists).values({ tenantId, name, createdAt: at }).returning({ id: t.tripChecklists.id });
    await tx
      .insert(t.tripChecklistCategories)
      .values(categories.map((category) => ({ tenantId, checklistId: c!.id, category, categoryKey: categoryKey(category) })));
    return c!.id;
  };

  const cars = await checklist('Abfahrtskontrolle PKW', ['Kleinwagen', 'Kompaktklasse', 'Kombi'], new Date(now.getTime() - 90 * DAY));
  const carVersions = [
    await publish(cars, 1, new Date(now.getTime() - 90 * DAY), CARS_V1(key('pkw'))),
    await publish(cars, 2, new Date(now.getTime() - 7 * DAY), CARS_V2(key('pkw'))),
  ];
  const vans = await checklist('Abfahrtskontrolle Transporter', ['Transporter'], new Date(now.getTime() - 90 * DAY));
  const vanVersions = [await publish(vans, 1, new Date(now.getTime() - 90 * DAY), VANS(key('van')))];

  const vehicles = await tx
    .select({ id: t.vehicles.id, category: t.vehicles.category, plate: t.vehicles.licensePlate })
    .from(t.vehicles)
    .where(eq(t.vehicles.tenantId, tenantId));
  const versionsOf = new Map<string, typeof carVersions>();
  for (const v of vehicles) {
    const k = categoryKey(v.category);
    if (['kleinwagen', 'kompaktklasse', 'kombi'].includes(k)) versionsOf.set(v.id, carVersions);
    if (k === 'transporter') versionsOf.set(v.id, vanVersions);
  }
  const ids = [...versionsOf.keys()];
  if (ids.length === 0) return;
  const starts = await tx
    .select({
      bookingId: t.vehicleHistory.bookingId,
      vehicleId: t.vehicleHistory.vehicleId,
      time: t.vehicleHistory.time,
      userId: t.vehicleHistory.userId,
    })
    .from(t.vehicleHistory)
    .where(and(eq(t.vehicleHistory.tenantId, tenantId), eq(t.vehicleHistory.type, 'CHECK_IN'), inArray(t.vehicleHistory.vehicleId, ids)));
  starts.sort((a, b) => a.time.getTime() - b.time.getTime());

  // The Transit's first-aid kit, found expired on its first seeded trip start after four days ago.
  const transit = vehicles.find((v) => v.plate === 'MS-SW 411')?.id;
  let kitFound = false;
  for (const s of starts) {
    if (!s.bookingId) continue;
    const versions = versionsOf.get(s.vehicleId)!;
    const version = [...versions].reverse().find((v) => v.at <= s.time);
    if (!version) continue;
    const [check] = await tx
      .insert(t.tripChecks)
      .values({
        tenantId,
        bookingId: s.bookingId,
        vehicleId: s.vehicleId,
        versionId: version.id,
        outcome: 'angetreten',
        answeredAt: s.time,
      })
      .returning({ id: t.tripChecks.id });
    const kit = !kitFound && s.vehicleId === transit && s.time.getTime() >= now.getTime() - 4 * DAY;
    let damageId: string | null = null;
    const note = 'Verbandkasten abgelaufen, Pflaster fehlen';
    const kitItem = version.items.find((i) => i.key === keys.get('van:verband'));
    if (kit && kitItem) {
      kitFound = true;
      const [d] = await tx
        .insert(t.vehicleDamages)
        .values({
          tenantId,
          vehicleId: s.vehicleId,
          bookingId: s.bookingId,
          description: defectDescription(
            { item: { id: kitItem.id, key: kitItem.key, label: kitItem.label, critical: false, position: 7 }, ok: false, note },
            'Abfahrtskontrolle Transporter',
          ),
          reportedById: s.userId,
          reportedAt: s.time,
        })
        .returning({ id: t.vehicleDamages.id });
      damageId = d!.id;
      await tx.insert(t.vehicleDamageEvents).values({ tenantId, damageId, status: 'gemeldet', userId: s.userId, at: s.time });
    }
    await tx.insert(t.tripCheckAnswers).values(
      version.items.map((i) => {
        const failed = damageId !== null && i.id === kitItem?.id;
        return {
          tenantId,
          checkId: check!.id,
          versionId: version.id,
          itemId: i.id,
          ok: !failed,
          note: failed ? note : null,
          damageId: failed ? damageId : null,
        };
      }),
    );
  }
}
