import type { emailCodeLoginRequest, emailCodeRequest, okResponse } from '@contracts/session';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import type { LoginResponse } from './use-login';

/** POST /api/session/email-code/request: answers alike whether or not a code was sent. */
export function useRequestEmailCode() {
  return useMutation({
    mutationFn: (body: z.infer<typeof emailCodeRequest>) =>
      api.post<z.infer<typeof okResponse>>('/api/session/email-code/request', body, { redirectOn401: false }),
  });
}

/** POST /api/session/email-code/login: a 401 is the generic refusal, shown on the form. */
export function useEmailCodeLogin() {
  return useMutation({
    mutationFn: (body: z.infer<typeof emailCodeLoginRequest>) =>
      api.post<LoginResponse>('/api/session/email-code/login', body, { redirectOn401: false }),
  });
}
