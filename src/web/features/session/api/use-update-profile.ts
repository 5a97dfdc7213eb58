import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Me, updateProfileRequest } from '../../../../contracts/session';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './use-me';

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
