import type { forgotPasswordRequest, okResponse } from '@contracts/session';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;
export type OkResponse = z.infer<typeof okResponse>;

/** POST /api/session/password/forgot; the answer carries the message to show. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) => api.post<OkResponse>('/api/session/password/forgot', body, { redirectOn401: false }),
  });
}
