import type { AdminObjectDto } from '@contracts/reading-rooms';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { roomAdminKeys } from './keys';

/** GET /api/admin/reading-rooms/floor-plans/:id/objects */
export function useObjects(planId: string | null) {
  return useQuery({
    queryKey: roomAdminKeys.objects(planId ?? ''),
    queryFn: ({ signal }) => api.get<{ objects: AdminObjectDto[] }>(`/api/admin/reading-rooms/floor-plans/${planId}/objects`, { signal }),
    enabled: planId !== null,
  });
}
