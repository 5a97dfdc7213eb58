import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { roomAdminKeys } from './keys';

/** GET /api/admin/reading-rooms/locations */
export function useLocations() {
  return useQuery({
    queryKey: roomAdminKeys.locations,
    queryFn: ({ signal }) => api.get<{ locations: { id: string; name: string }[] }>('/api/admin/reading-rooms/locations', { signal }),
  });
}
