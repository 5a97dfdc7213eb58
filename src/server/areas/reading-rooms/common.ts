import type { AdminObjectDto, Area, FloorPlanDto, ReadingRoomBookingDto } from '@contracts/reading-rooms';
import type { Db } from '@db/client';
import { bookingActions, type PlaceItem, type ReadingRoomLimits } from '@domain/reading-room-booking';
import type { BookingRecord, SlotRecord } from '@server/areas/reading-rooms/reading-room-booking-repository';
import type { FloorPlanRecord, ObjectRecord } from '@server/areas/reading-rooms/reading-room-repository';
import type { UserContext } from '../../kernel/context';
import { kernelErrors } from '../../kernel/errors';
import { effectiveValues } from '../settings/public';
import { notFound } from './errors';

/** Realtime topic of seat/room bookings; scope is the floor plan id. Events carry ids only. */
export const SEAT_TOPIC = 'seat-booking';

export { notFound };

/** The area's feature must be switched on for the tenant (leseraum or arbeitswelt). */
export function requireArea(user: Pick<UserContext, 'tenant'>, area: string): Area {
  if (area !== 'leseraum' && area !== 'arbeitswelt') throw notFound('Bereich');
  if (!user.tenant.features.includes(area)) {
    throw kernelErrors.fail('feature_disabled');
  }
  return area;
}

const LIMIT_SETTINGS = [
  'leseraumMaxBuchungenProWoche',
  'leseraumBuchungsintervallMinuten',
  'leseraumMinBuchungsdauerMinuten',
  'leseraumMaxBuchungsdauerMinuten',
  'leseraumBuchbareTageVoraus',
  'leseraumBuchbareWochentage',
] as const;

/** The reading-room limits in force for a user (user → group → tenant → default), one query. */
export async function loadLimits(tx: Db, tenantId: string, userId: string): Promise<ReadingRoomLimits> {
  return (await loadSeatRules(tx, tenantId, userId)).limits;
}

/** The limits and whether one place per person holds (decision 036), in one query. */
export async function loadSeatRules(
  tx: Db,
  tenantId: string,
  userId: string,
): Promise<{ limits: ReadingRoomLimits; onePlacePerPerson: boolean }> {
  const v = await effectiveValues(tx, tenantId, userId, [...LIMIT_SETTINGS, 'leseraumEinPlatzProPerson']);
  return {
    limits: {
      maxBookingsPerWeek: v.leseraumMaxBuchungenProWoche,
      intervalMinutes: v.leseraumBuchungsintervallMinuten,
      minMinutes: v.leseraumMinBuchungsdauerMinuten,
      maxMinutes: v.leseraumMaxBuchungsdauerMinuten,
      daysAhead: v.leseraumBuchbareTageVoraus,
      weekdays: v.leseraumBuchbareWochentage,
    },
    onePlacePerPerson: v.leseraumEinPlatzProPerson,
  };
}

/** A booking of the object as the place assignment sees it (checked-in ones never move). */
export const toPlaceItem = (s: SlotRecord): PlaceItem => ({
  id: s.id,
  von: s.von,
  bis: s.bis,
  from: s.placeFrom,
  size: s.placeTo - s.placeFrom,
  fixed: s.status === 'durchgeführt',
});

// The SQLSTATE of a driver error is read in the kernel; the area's files keep importing it from here.
export { sqlState } from '../../kernel/sql-state';

/** The constraint a driver error names (on the error or its cause), if any. */
export function constraintOf(err: unknown): string | undefined {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } };
  if (typeof e?.constraint === 'string') return e.constraint;
  if (typeof e?.cause?.constraint === 'string') return e.cause.constraint;
  return undefined;
}

export function imageUrl(p: Pick<FloorPlanRecord, 'id' | 'imagePath'>): string | null {
  if (!p.imagePath) return null;
  // The path changes with every upload, so the browser may cache one version forever.
  const version = p.imagePath.replace(/[^A-Za-z0-9]/g, '').slice(-12);
  return `/api/reading-rooms/floor-plans/${p.id}/image?v=${version}`;
}

export function toFloorPlanDto(p: FloorPlanRecord): FloorPlanDto {
  return {
    id: p.id,
    name: p.name,
    area: p.area as Area,
    location: p.locationId ? { id: p.locationId, name: p.locationName ?? '' } : null,
    imageUrl: imageUrl(p),
    imageWidth: p.imageWidth,
    imageHeight: p.imageHeight,
    active: p.active,
    objectCount: Number(p.objectCount),
  };
}

export function toBookingDto(b: BookingRecord, actorId: string, now = new Date()): ReadingRoomBookingDto {
  const actions = bookingActions(
    { status: b.status, von: b.von, bis: b.bis, bookerId: b.bookerId, confirmingId: b.confirmingId },
    actorId,
    now,
  );
  return {
    id: b.id,
    objectId: b.objectId,
    objectName: b.objectName,
    objectKind: b.objectKind as 'platz' | 'raum',
    floorPlanId: b.floorPlanId,
    floorPlanName: b.floorPlanName,
    area: b.area as Area,
    von: b.von.toISOString(),
    bis: b.bis.toISOString(),
    status: b.status as ReadingRoomBookingDto['status'],
    groupSize: b.groupSize,
    booker: { id: b.bookerId, name: b.bookerName },
    confirming: b.confirmingId ? { id: b.confirmingId, name: b.confirmingName ?? '' } : null,
    cancelReason: b.status === 'storniert' ? b.cancelReason : null,
    createdAt: b.createdAt.toISOString(),
    seriesId: b.seriesId,
    ...actions,
  };
}

/** What the map and the administration both show of a seat or room. */
export const objectFields = (o: ObjectRecord): Omit<AdminObjectDto, 'floorPlanId'> => ({
  id: o.id,
  kind: o.kind as 'platz' | 'raum',
  designation: o.designation,
  capacity: o.capacity,
  x: o.x,
  y: o.y,
  equipment: o.equipment,
  description: o.description,
  conditions: o.conditions,
  active: o.active,
});

export const toAdminObject = (o: ObjectRecord): AdminObjectDto => ({ ...objectFields(o), floorPlanId: o.floorPlanId });
