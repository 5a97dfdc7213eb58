import type { changePasswordRequest, okResponse } from '@contracts/session';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** POST /api/session/password/change. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.post<z.infer<typeof okResponse>>('/api/session/password/change', body),
  });
}
