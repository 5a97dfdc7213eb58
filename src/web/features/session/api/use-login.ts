import type { loginRequest, loginResponse } from '@contracts/session';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

export type LoginRequest = z.infer<typeof loginRequest>;
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /api/session/login. A 401 here is the generic "wrong credentials" answer, shown on the form. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => api.post<LoginResponse>('/api/session/login', body, { redirectOn401: false }),
  });
}
