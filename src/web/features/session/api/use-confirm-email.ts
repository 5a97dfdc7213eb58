import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { confirmEmailRequest, okResponse } from '../../../../contracts/session';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './use-me';

export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequest>;

/** POST /api/session/email/confirm; changes Me.user.emailVerified when signed in. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmEmailRequest) =>
      api.post<z.infer<typeof okResponse>>('/api/session/email/confirm', body, { redirectOn401: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
