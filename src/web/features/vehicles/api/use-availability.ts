import type { availabilityResponse } from '@contracts/vehicles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

export type Availability = z.infer<typeof availabilityResponse>;

/** GET /api/vehicles/:id/availability: the availability check of a chosen period (docs/product.md#vehicle-availability, with its messages). */
export function useAvailability(vehicleId: string | null, von: string | null, bis: string | null, excludeBookingId?: string) {
  return useQuery({
    queryKey: vehicleKeys.availability(vehicleId ?? '', von ?? '', bis ?? '', excludeBookingId),
    enabled: Boolean(vehicleId && von && bis),
    queryFn: ({ signal }) =>
      api.get<Availability>(
        `/api/vehicles/${vehicleId}/availability?von=${encodeURIComponent(von!)}&bis=${encodeURIComponent(bis!)}${excludeBookingId ? `&excludeBookingId=${excludeBookingId}` : ''}`,
        { signal },
      ),
  });
}
