import type { AdminOpeningHoursDto, OpeningPeriodDto } from '@contracts/reading-rooms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@web/lib/api-client';
import { bookingScreens, roomAdminKeys } from './keys';

/** GET /api/admin/reading-rooms/floor-plans/:id/opening-hours */
export function useOpeningHours(planId: string | null) {
  return useQuery({
    queryKey: roomAdminKeys.hours(planId ?? ''),
    queryFn: ({ signal }) => api.get<AdminOpeningHoursDto>(`/api/admin/reading-rooms/floor-plans/${planId}/opening-hours`, { signal }),
    enabled: planId !== null,
  });
}

type Regular = AdminOpeningHoursDto['regular'];
export type PeriodInput = Omit<OpeningPeriodDto, 'id' | 'floorPlanId'>;
type DeviationInput = { validFrom: string; validTo: string; von: string; bis: string; status: 'offen' | 'geschlossen' };

/** PUT …/opening-hours, POST …/deviating-opening-hours and …/opening-periods, DELETE of either by id */
export function useSaveOpeningHours(planId: string) {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([qc.invalidateQueries({ queryKey: roomAdminKeys.hours(planId) }), qc.invalidateQueries({ queryKey: bookingScreens })]);
  return {
    regular: useMutation({
      mutationFn: (regular: Regular) =>
        api.put<AdminOpeningHoursDto>(`/api/admin/reading-rooms/floor-plans/${planId}/opening-hours`, { regular }),
      onSuccess: done,
    }),
    addDeviation: useMutation({
      mutationFn: (d: DeviationInput) => api.post(`/api/admin/reading-rooms/floor-plans/${planId}/deviating-opening-hours`, d),
      onSuccess: done,
    }),
    addPeriod: useMutation({
      mutationFn: (p: PeriodInput) => api.post(`/api/admin/reading-rooms/floor-plans/${planId}/opening-periods`, p),
      onSuccess: done,
    }),
    removePeriod: useMutation({
      mutationFn: (id: string) => request('DELETE', `/api/admin/reading-rooms/opening-periods/${id}`),
      onSuccess: done,
    }),
    removeDeviation: useMutation({
      mutationFn: (id: string) => request('DELETE', `/api/admin/reading-rooms/deviating-opening-hours/${id}`),
      onSuccess: done,
    }),
  };
}
