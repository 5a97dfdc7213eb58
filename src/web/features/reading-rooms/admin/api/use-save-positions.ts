import type { AdminObjectDto } from '@contracts/reading-rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { bookingScreens, roomAdminKeys } from './keys';

/** PUT /api/admin/reading-rooms/floor-plans/:id/positions */
export function useSavePositions(planId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (positions: { id: string; x: number; y: number }[]) =>
      api.put<{ objects: AdminObjectDto[] }>(`/api/admin/reading-rooms/floor-plans/${planId}/positions`, { positions }),
    onSuccess: (data) => {
      qc.setQueryData(roomAdminKeys.objects(planId), data);
      return qc.invalidateQueries({ queryKey: bookingScreens });
    },
  });
}
