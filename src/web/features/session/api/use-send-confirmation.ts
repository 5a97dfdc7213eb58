import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { okResponse } from '../../../../contracts/session';
import { api } from '../../../lib/api-client';

/** POST /api/session/email/send-confirmation; the answer carries the message to show. */
export function useSendConfirmation() {
  return useMutation({
    mutationFn: () => api.post<z.infer<typeof okResponse>>('/api/session/email/send-confirmation'),
  });
}
