import type { okResponse } from '@contracts/session';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

/** POST /api/session/email/send-confirmation; the answer carries the message to show. */
export function useSendConfirmation() {
  return useMutation({
    mutationFn: () => api.post<z.infer<typeof okResponse>>('/api/session/email/send-confirmation'),
  });
}
