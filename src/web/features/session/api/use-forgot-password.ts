import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordRequest, okResponse } from '../../../../contracts/session';
import { api } from '../../../lib/api-client';

export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;
export type OkResponse = z.infer<typeof okResponse>;

/** POST /api/session/password/forgot; the answer carries the message to show. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      api.post<OkResponse>('/api/session/password/forgot', body, { redirectOn401: false }),
  });
}
