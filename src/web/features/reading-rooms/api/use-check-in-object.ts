import type { ReadingRoomBookingDto } from '@contracts/reading-rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { readingRoomKeys } from './keys';

/** POST /api/reading-rooms/objects/:id/check-in (the kiosk's QR code). */
export function useCheckInObject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (objectId: string) =>
      api
        .post<{ booking: ReadingRoomBookingDto }>(`/api/reading-rooms/objects/${encodeURIComponent(objectId)}/check-in`)
        .then((r) => r.booking),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readingRoomKeys.all }),
  });
}
