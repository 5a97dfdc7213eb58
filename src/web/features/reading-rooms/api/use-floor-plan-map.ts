import type { BookingMode, MapResponse } from '@contracts/reading-rooms';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { readingRoomKeys } from './keys';

export interface MapParams {
  planId: string;
  date: string;
  mode: BookingMode;
  von?: string;
  bis?: string;
}

/** GET /api/reading-rooms/floor-plans/:id/map: every seat/room with its state for the chosen day or hours. */
export const floorPlanMapQueryOptions = (p: MapParams) =>
  queryOptions({
    queryKey: readingRoomKeys.map(p.planId, p.date, p.mode, p.von, p.bis),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ date: p.date, mode: p.mode });
      if (p.mode === 'stuendlich' && p.von && p.bis) {
        q.set('von', p.von);
        q.set('bis', p.bis);
      }
      return api.get<MapResponse>(`/api/reading-rooms/floor-plans/${encodeURIComponent(p.planId)}/map?${q}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export function useFloorPlanMap(p: MapParams | null) {
  return useQuery({ ...floorPlanMapQueryOptions(p ?? { planId: '', date: '', mode: 'ganztags' }), enabled: p !== null });
}
