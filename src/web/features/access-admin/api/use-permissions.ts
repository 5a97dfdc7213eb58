import type { permissionCatalogue } from '@contracts/access-admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { accessKeys } from './keys';

/** GET /api/admin/permissions: the fourteen permissions with their German descriptions. */
export function usePermissions() {
  return useQuery({
    queryKey: accessKeys.permissions,
    queryFn: ({ signal }) => api.get<z.infer<typeof permissionCatalogue>>('/api/admin/permissions', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
