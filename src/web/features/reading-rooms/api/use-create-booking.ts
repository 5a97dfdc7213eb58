import type { CreateBookingRequest, ReadingRoomBookingDto } from '@contracts/reading-rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { readingRoomKeys } from './keys';

/** POST /api/reading-room-bookings → the booking; refreshes maps and the sidebar. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CreateBookingRequest> & Pick<CreateBookingRequest, 'objectId' | 'date'>) =>
      api.post<{ booking: ReadingRoomBookingDto }>('/api/reading-room-bookings', body).then((r) => r.booking),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readingRoomKeys.all }),
  });
}
