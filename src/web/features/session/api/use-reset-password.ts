import type { okResponse, resetPasswordRequest } from '@contracts/session';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** POST /api/session/password/reset: recovery link and invitation (/leseraum/passwort) alike. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      api.post<z.infer<typeof okResponse>>('/api/session/password/reset', body, { redirectOn401: false }),
  });
}
