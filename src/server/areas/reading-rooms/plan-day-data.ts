import type { DayOpening } from '@domain/opening-hours';
import type { SlotRecord } from '@server/areas/reading-rooms/reading-room-booking-repository';
import type { ObjectRecord } from '@server/areas/reading-rooms/reading-room-repository';

/** What the map of one floor plan and day is built from; cached in `Deps.caches`, so it lives apart from the map service. */
export interface PlanDayData {
  opening: DayOpening;
  objects: ObjectRecord[];
  slots: SlotRecord[];
}
