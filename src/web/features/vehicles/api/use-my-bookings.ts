import type { myBookings, VehicleBooking } from '@contracts/vehicles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

export type { VehicleBooking };
export type MyBookings = z.infer<typeof myBookings>;

/** GET /api/vehicle-bookings/mine: bookings for me and those I made for others. */
export const myBookingsQueryOptions = (includePast = false) =>
  queryOptions({
    queryKey: vehicleKeys.mine(includePast),
    queryFn: ({ signal }) => api.get<MyBookings>(`/api/vehicle-bookings/mine${includePast ? '?includePast=true' : ''}`, { signal }),
  });

export function useMyBookings(includePast = false) {
  return useQuery(myBookingsQueryOptions(includePast));
}
