import type { timelineResponse } from '@contracts/vehicles';
import { addDays, startOfDay } from '@domain/vehicle-time';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { useMe } from '@web/lib/use-me';
import { useCallback } from 'react';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

type TimelineWire = z.infer<typeof timelineResponse>;
type Row = TimelineWire['vehicles'][number]['bookings'][number];

/** One booking of the timeline as the screens use it (the wire sends tuples with minute offsets). */
export interface TimelineBooking {
  /** Epoch milliseconds. */
  von: number;
  bis: number;
  status: Row[2];
  type: Row[3];
  /** Name of whom a BUCHUNG is for; '' for blocks. */
  bookedFor: string;
  mine: boolean;
}

export interface Timeline {
  minGapMinutes: number;
  /** vehicle id → its bookings in the period, ordered by start. */
  byVehicle: Map<string, TimelineBooking[]>;
}

export function decodeTimeline(wire: TimelineWire, myId: string): Timeline {
  const base = new Date(wire.from).getTime();
  const byVehicle = new Map<string, TimelineBooking[]>();
  for (const v of wire.vehicles) {
    byVehicle.set(
      v.vehicleId,
      v.bookings.map(([von, bis, status, type, person]) => ({
        von: base + von * 60_000,
        bis: base + bis * 60_000,
        status,
        type,
        bookedFor: person === null ? '' : (wire.people[person]?.name ?? ''),
        mine: person !== null && wire.people[person]?.id === myId,
      })),
    );
  }
  return { minGapMinutes: wire.minGapMinutes, byVehicle };
}

/** The period a timeline shows: the day, or the week from its Monday; ISO instants of Berlin midnights. */
export function timelinePeriod(startDay: string, days: 1 | 7): { from: string; to: string } {
  return { from: startOfDay(startDay).toISOString(), to: startOfDay(addDays(startDay, days)).toISOString() };
}

/** GET /api/vehicles/timeline: every vehicle's bookings in [from, to); revalidated by ETag, so an unchanged period costs a 304. */
export const vehicleTimelineQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: vehicleKeys.timeline(from, to),
    queryFn: ({ signal }) =>
      api.get<TimelineWire>(`/api/vehicles/timeline?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useVehicleTimeline(from: string, to: string) {
  const myId = useMe().user.id;
  const select = useCallback((wire: TimelineWire) => decodeTimeline(wire, myId), [myId]);
  return useQuery({ ...vehicleTimelineQueryOptions(from, to), select });
}
