import type { FloorPlanDto } from '@contracts/reading-rooms';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { roomAdminKeys } from './keys';

/** GET /api/admin/reading-rooms/floor-plans */
export function usePlans() {
  return useQuery({
    queryKey: roomAdminKeys.plans,
    queryFn: ({ signal }) => api.get<{ floorPlans: FloorPlanDto[] }>('/api/admin/reading-rooms/floor-plans', { signal }),
  });
}
