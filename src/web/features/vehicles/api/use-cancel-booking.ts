import type { bookingResponse } from '@contracts/vehicles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

/** POST /api/vehicle-bookings/:id/cancel. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<z.infer<typeof bookingResponse>>(`/api/vehicle-bookings/${id}/cancel`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
