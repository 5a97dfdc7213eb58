import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@web/lib/api-client';
import { bookingScreens, roomAdminKeys } from './keys';

type Equipment = { id: string; name: string };

/** GET /api/admin/equipment */
export function useEquipment() {
  return useQuery({
    queryKey: roomAdminKeys.equipment,
    queryFn: ({ signal }) => api.get<{ equipment: Equipment[] }>('/api/admin/equipment', { signal }),
  });
}

/** POST /api/admin/equipment, PATCH/DELETE /api/admin/equipment/:id */
export function useSaveEquipment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, remove }: { id?: string; name?: string; remove?: boolean }) =>
      remove
        ? request('DELETE', `/api/admin/equipment/${id}`)
        : id
          ? api.patch(`/api/admin/equipment/${id}`, { name })
          : api.post('/api/admin/equipment', { name }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: roomAdminKeys.all }), qc.invalidateQueries({ queryKey: bookingScreens })]),
  });
}
