import type { Me, updateProfileRequest } from '@contracts/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { meQueryKey } from '@web/lib/use-me';
import type { z } from 'zod';

export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/** PATCH /api/session/profile → the updated Me. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api.patch<Me>('/api/session/profile', body),
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
}
