import type { confirmEmailRequest, okResponse } from '@contracts/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { meQueryKey } from '@web/lib/use-me';
import type { z } from 'zod';

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
