import type { RecordGuestCheckRequest } from '@contracts/driving-licences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { licenceKeys } from '@web/lib/licence-keys';
import { guestKeys } from './keys';

/** POST /api/guest-bookings/:id/licence-checks; refreshes the guest lists (the booking shows the licence) and the examiners' lists. */
export function useRecordGuestLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, body }: { bookingId: string; body: RecordGuestCheckRequest }) =>
      api.post<unknown>(`/api/guest-bookings/${bookingId}/licence-checks`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: guestKeys.all }),
        queryClient.invalidateQueries({ queryKey: licenceKeys.all }),
      ]),
  });
}
