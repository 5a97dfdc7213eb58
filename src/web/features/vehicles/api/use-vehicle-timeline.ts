import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { timelineResponse } from '../../../../contracts/vehicles';
import { api } from '../../../lib/api-client';
import { vehicleKeys } from './keys';

export type Timeline = z.infer<typeof timelineResponse>;
export type TimelineBooking = Timeline['vehicles'][number]['bookings'][number];

/** GET /api/vehicles/timeline: every vehicle's bookings in [from, to). */
export function useVehicleTimeline(from: string, to: string) {
  return useQuery({
    queryKey: vehicleKeys.timeline(from, to),
    queryFn: ({ signal }) =>
      api.get<Timeline>(`/api/vehicles/timeline?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
