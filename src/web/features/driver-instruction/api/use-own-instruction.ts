import type { OwnInstructionDto } from '@contracts/driver-instruction';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { licenceKeys } from '@web/lib/licence-keys';
import { instructionKeys } from './keys';

/** GET /api/driver-instruction/me: the signed-in person's standing in every published topic. */
export function useOwnInstruction() {
  return useQuery({
    queryKey: instructionKeys.own,
    queryFn: ({ signal }) => api.get<OwnInstructionDto>('/api/driver-instruction/me', { signal }),
  });
}

/** POST /api/driver-instruction/me/confirmations; refreshes the own standing, the fleet's list and the licence list. */
export function useConfirmInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) => api.post<OwnInstructionDto>('/api/driver-instruction/me/confirmations', { versionId }),
    onSuccess: (data) => queryClient.setQueryData(instructionKeys.own, data),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: instructionKeys.all });
      await queryClient.invalidateQueries({ queryKey: licenceKeys.all });
    },
  });
}
