import type { okResponse } from '@contracts/session';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

/** POST /api/users/:id/invitation; the answer carries the message to show. */
export function useSendInvitation() {
  return useMutation({
    mutationFn: (id: string) => api.post<z.infer<typeof okResponse>>(`/api/users/${encodeURIComponent(id)}/invitation`),
  });
}
