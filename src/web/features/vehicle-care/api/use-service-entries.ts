import type { serviceEntryList } from '@contracts/vehicle-care';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleCareKeys } from './keys';

export type ServiceBooklet = z.infer<typeof serviceEntryList>;

/** GET /api/vehicles/:id/service-entries (fleet management and report holders; `enabled` false for everybody else). */
export function useServiceEntries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: vehicleCareKeys.service(id),
    queryFn: ({ signal }) => api.get<ServiceBooklet>(`/api/vehicles/${id}/service-entries`, { signal }),
    enabled,
  });
}
