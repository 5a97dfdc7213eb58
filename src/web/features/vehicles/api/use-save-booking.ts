import type { bookingResponse, createBookingRequest, updateBookingRequest } from '@contracts/vehicles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

export type CreateBooking = z.input<typeof createBookingRequest>;
export type UpdateBooking = z.input<typeof updateBookingRequest>;

/** POST /api/vehicle-bookings (new) or PATCH /api/vehicle-bookings/:id (change); refreshes lists, timeline and overview. */
export function useSaveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; create?: CreateBooking; update?: UpdateBooking }) =>
      input.id
        ? api.patch<z.infer<typeof bookingResponse>>(`/api/vehicle-bookings/${input.id}`, input.update)
        : api.post<z.infer<typeof bookingResponse>>('/api/vehicle-bookings', input.create),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
