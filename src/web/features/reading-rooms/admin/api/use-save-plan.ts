import type { Area, FloorPlanDto } from '@contracts/reading-rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { bookingScreens, roomAdminKeys } from './keys';

/** POST /api/admin/reading-rooms/floor-plans or PATCH …/:id */
export function useSavePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id?: string; name: string; area: Area; locationId: string | null }) =>
      (id
        ? api.patch<{ floorPlan: FloorPlanDto }>(`/api/admin/reading-rooms/floor-plans/${id}`, body)
        : api.post<{ floorPlan: FloorPlanDto }>('/api/admin/reading-rooms/floor-plans', body)
      ).then((r) => r.floorPlan),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: roomAdminKeys.plans }), qc.invalidateQueries({ queryKey: bookingScreens })]),
  });
}
