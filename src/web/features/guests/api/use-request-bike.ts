import type { RentalRequestBody } from '@contracts/guests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** POST /api/public/rental/requests: sends the confirmation mail (double opt-in). */
export function useRequestBike() {
  return useMutation({
    mutationFn: (body: RentalRequestBody) => api.post<{ message: string }>('/api/public/rental/requests', body, { redirectOn401: false }),
  });
}
