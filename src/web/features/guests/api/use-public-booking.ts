import type { PublicGuestBooking } from '@contracts/guests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** POST /api/pub/guest-booking[/cancel|/confirm]: the token travels in the body, never in a logged URL. */
export function usePublicBooking(action: 'view' | 'cancel' | 'confirm') {
  const path = action === 'view' ? '/api/pub/guest-booking' : `/api/pub/guest-booking/${action}`;
  return useMutation({
    mutationFn: (token: string) => api.post<PublicGuestBooking>(path, { token }, { redirectOn401: false }),
  });
}
