import type { ReadingRoomBookingDto } from '@contracts/reading-rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { readingRoomKeys } from './keys';

export type BookingAction = 'cancel' | 'confirm' | 'check-in';

/** POST /api/reading-room-bookings/:id/{cancel|confirm|check-in} → the booking in its new state. */
export function useBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BookingAction }) =>
      api.post<{ booking: ReadingRoomBookingDto }>(`/api/reading-room-bookings/${encodeURIComponent(id)}/${action}`).then((r) => r.booking),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readingRoomKeys.all }),
  });
}
