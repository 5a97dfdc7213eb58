import type { damageList } from '@contracts/vehicle-care';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleCareKeys } from './keys';

export type DamageList = z.infer<typeof damageList>;

/** GET /api/vehicles/:id/damages: every person who may see the vehicle sees its damages. */
export function useDamages(id: string) {
  return useQuery({
    queryKey: vehicleCareKeys.damages(id),
    queryFn: ({ signal }) => api.get<DamageList>(`/api/vehicles/${id}/damages`, { signal }),
  });
}
