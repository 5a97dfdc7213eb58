import type { VehicleSeriesResponse, vehicleSeriesRequest } from '@contracts/vehicles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

export type VehicleSeriesBody = z.input<typeof vehicleSeriesRequest>;

/** POST /api/vehicle-series/preview: which dates can be booked and why not; saves nothing. */
export function useVehicleSeriesPreview() {
  return useMutation({ mutationFn: (body: VehicleSeriesBody) => api.post<VehicleSeriesResponse>('/api/vehicle-series/preview', body) });
}

/** POST /api/vehicle-series: books every bookable date in one request; refreshes timeline and overview. */
export function useSaveVehicleSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleSeriesBody) => api.post<VehicleSeriesResponse>('/api/vehicle-series', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}

/** POST /api/vehicle-bookings/:id/cancel-series: this date, this and all following, or the whole series. */
export function useCancelVehicleSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scope }: { id: string; scope: 'eine' | 'folgende' | 'alle' }) =>
      api.post<{ cancelled: number }>(`/api/vehicle-bookings/${id}/cancel-series`, { scope }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
