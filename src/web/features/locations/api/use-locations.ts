import type { adminLocationList, adminParkingSpace, parkingSpaceRemoval } from '@contracts/locations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@web/lib/api-client';
import type { z } from 'zod';

export type AdminLocation = z.infer<typeof adminLocationList>['locations'][number];
export type AdminParkingSpace = z.infer<typeof adminParkingSpace>;

const key = ['admin', 'locations'] as const;

/** GET /api/admin/locations (objekt_pflege): locations with their parking spaces and what uses them. */
export const locationsQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => api.get<z.infer<typeof adminLocationList>>('/api/admin/locations', { signal }) });

export const useLocations = () => useQuery(locationsQueryOptions());

const path = (kind: 'locations' | 'parking-spaces', id: string) => `/api/admin/${kind}/${encodeURIComponent(id)}`;

/** Every change answers with the saved item; the list is fetched again afterwards. */
export function useLocationMutations() {
  const queryClient = useQueryClient();
  const refresh = { onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) };
  return {
    create: useMutation({
      mutationFn: (name: string) => api.post<{ id: string; name: string }>('/api/admin/locations', { name }),
      ...refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => api.patch<{ id: string; name: string }>(path('locations', id), { name }),
      ...refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => request<{ ok: true; message: string }>('DELETE', path('locations', id)),
      ...refresh,
    }),
    addSpace: useMutation({
      mutationFn: ({ locationId, name }: { locationId: string; name: string }) =>
        api.post<AdminParkingSpace>(`${path('locations', locationId)}/parking-spaces`, { name }),
      ...refresh,
    }),
    changeSpace: useMutation({
      mutationFn: ({ id, ...body }: { id: string; name?: string; active?: boolean }) =>
        api.patch<AdminParkingSpace>(path('parking-spaces', id), body),
      ...refresh,
    }),
    removeSpace: useMutation({
      mutationFn: (id: string) => request<z.infer<typeof parkingSpaceRemoval>>('DELETE', path('parking-spaces', id)),
      ...refresh,
    }),
  };
}
