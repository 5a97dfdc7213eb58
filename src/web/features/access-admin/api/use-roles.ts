import type { roleList } from '@contracts/access-admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { accessKeys } from './keys';

export type Role = z.infer<typeof roleList>['roles'][number];

/** GET /api/admin/roles. */
export function useRoles() {
  return useQuery({
    queryKey: accessKeys.roles,
    queryFn: ({ signal }) => api.get<z.infer<typeof roleList>>('/api/admin/roles', { signal }),
  });
}
