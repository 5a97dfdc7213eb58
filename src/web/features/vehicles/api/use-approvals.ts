import type { approvalList, bookingResponse } from '@contracts/vehicles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

/** GET /api/vehicle-approvals: special trips for the current approver. */
export function useApprovals() {
  return useQuery({
    queryKey: vehicleKeys.approvals,
    queryFn: ({ signal }) => api.get<z.infer<typeof approvalList>>('/api/vehicle-approvals', { signal }),
  });
}

/** POST /api/vehicle-approvals/:id/approve | reject. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
      api.post<z.infer<typeof bookingResponse>>(
        `/api/vehicle-approvals/${id}/${approve ? 'approve' : 'reject'}`,
        approve ? undefined : { reason },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
