import type { LockerDto } from '@contracts/lockers';
import type { FloorPlanDto } from '@contracts/reading-rooms';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { lockerKeys } from './keys';

/** GET /api/admin/lockers?floorPlanId= */
export function useAdminLockers(floorPlanId: string | null) {
  return useQuery({
    queryKey: lockerKeys.admin(floorPlanId ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ lockers: LockerDto[] }>(`/api/admin/lockers?floorPlanId=${encodeURIComponent(floorPlanId ?? '')}`, { signal }),
    enabled: floorPlanId !== null,
  });
}

/** GET /api/admin/reading-rooms/floor-plans?area=arbeitswelt: the plans lockers can stand on. */
export function useOfficePlans(enabled: boolean) {
  return useQuery({
    queryKey: lockerKeys.officePlans,
    queryFn: ({ signal }) => api.get<{ floorPlans: FloorPlanDto[] }>('/api/admin/reading-rooms/floor-plans?area=arbeitswelt', { signal }),
    enabled,
  });
}
