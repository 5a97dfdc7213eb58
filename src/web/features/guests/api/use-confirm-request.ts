import type { rentalConfirmResponse } from '@contracts/guests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

/** POST /api/public/rental/requests/confirm: the mail's link turns the request into a booking. */
export function useConfirmRequest() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<z.infer<typeof rentalConfirmResponse>>('/api/public/rental/requests/confirm', { token }, { redirectOn401: false }),
  });
}
