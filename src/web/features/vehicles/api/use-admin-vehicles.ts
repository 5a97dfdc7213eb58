import type {
  createVehicleRequest,
  deactivateVehicleResponse,
  departmentList,
  historyList,
  imageUploadResponse,
  maintenanceBlockRequest,
  maintenanceBlockResponse,
  updateVehicleResponse,
  vehicle,
} from '@contracts/vehicles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, request } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

export type VehicleInput = z.input<typeof createVehicleRequest>;
type Vehicle = z.infer<typeof vehicle>;

/** GET /api/admin/vehicle-departments. */
export function useVehicleDepartments() {
  return useQuery({
    queryKey: ['vehicles', 'departments'],
    queryFn: ({ signal }) => api.get<z.infer<typeof departmentList>>('/api/admin/vehicle-departments', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/admin/vehicles (id absent) or PUT /api/admin/vehicles/:id with the old data (docs/product.md#vehicles). */
export function useSaveVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ old, input }: { old: Vehicle | null; input: VehicleInput }) =>
      old
        ? api.put<z.infer<typeof updateVehicleResponse>>(`/api/admin/vehicles/${old.id}`, { old, vehicle: input })
        : { vehicle: await api.post<Vehicle>('/api/admin/vehicles', input), cancelledBookings: 0 },
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}

/** DELETE /api/admin/vehicles/:id (deactivate). */
export function useDeactivateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<z.infer<typeof deactivateVehicleResponse>>('DELETE', `/api/admin/vehicles/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}

/** POST /api/admin/vehicles/:id/blocks (WARTUNG, SERVICE, DEFEKT). */
export function useBlockVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof maintenanceBlockRequest> }) =>
      api.post<z.infer<typeof maintenanceBlockResponse>>(`/api/admin/vehicles/${id}/blocks`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}

/** GET /api/vehicles/:id/history. */
export function useVehicleHistory(id: string | null) {
  return useQuery({
    queryKey: vehicleKeys.history(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => api.get<z.infer<typeof historyList>>(`/api/vehicles/${id}/history`, { signal }),
  });
}

/** POST /api/admin/vehicles/:id/image (multipart). */
export function useUploadVehicleImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      const res = await fetch(`/api/admin/vehicles/${id}/image`, { method: 'POST', body: form, credentials: 'same-origin' });
      const body = (await res.json().catch(() => null)) as
        | (z.infer<typeof imageUploadResponse> & { error?: { code: string; message: string } })
        | null;
      if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? 'upload_failed', body?.error?.message ?? `HTTP ${res.status}`);
      return body!;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
