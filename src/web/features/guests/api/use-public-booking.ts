import type { PublicGuestBooking } from '@contracts/guests';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@web/lib/api-client';
import { guestKeys } from './keys';

/**
 * What the link shows: the booking, or the server's refusal (an unknown, used or expired link is an
 * answer of the page, not a failure to retry). Both are data, so the server's render hands either
 * to the browser in the page's query cache and the browser shows the same (decision 222).
 */
export type PublicBookingView = { booking: PublicGuestBooking } | { refusal: { status: number; code: string; message: string } };

/**
 * Names a link in the query cache without its token: the cache travels in the page and the token must
 * not (FNV-1a, 32 bits – nothing of the token can be read back from it).
 */
export function linkFingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** POST /api/pub/guest-booking: the token travels in the body, never in a logged URL. */
export const publicBookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: guestKeys.publicBooking(linkFingerprint(token)),
    queryFn: async (): Promise<PublicBookingView> => {
      try {
        return { booking: await api.post<PublicGuestBooking>('/api/pub/guest-booking', { token }, { redirectOn401: false }) };
      } catch (error) {
        if (isApiError(error) && error.status >= 400 && error.status < 500)
          return { refusal: { status: error.status, code: error.code, message: error.message } };
        throw error;
      }
    },
    // a read counts against the public limit: asked once per page, not on every focus
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePublicBooking(token: string | undefined) {
  return useQuery({ ...publicBookingQueryOptions(token ?? ''), enabled: token !== undefined });
}

/** POST /api/pub/guest-booking/cancel|confirm: the answer is the booking as it is now, which the page then shows. */
export function usePublicBookingAction(action: 'cancel' | 'confirm', token: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: string) =>
      api.post<PublicGuestBooking>(`/api/pub/guest-booking/${action}`, { token: link }, { redirectOn401: false }),
    onSuccess: (booking) => {
      const now: PublicBookingView = { booking };
      if (token) queryClient.setQueryData<PublicBookingView>(publicBookingQueryOptions(token).queryKey, now);
    },
  });
}
