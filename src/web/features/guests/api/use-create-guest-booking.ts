import type { CreateGuestBookingRequest, GuestBookingDto } from '@contracts/guests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { guestKeys } from './keys';

/** POST /api/guest-bookings; refreshes the guest lists and the own bookings (the receptionist hands the vehicle over). */
export function useCreateGuestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGuestBookingRequest) => api.post<GuestBookingDto>('/api/guest-bookings', body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: guestKeys.all }), queryClient.invalidateQueries({ queryKey: ['vehicles'] })]),
  });
}
