import type { vehicleCareList } from '@contracts/vehicle-care';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { detailKeys } from './keys';

/** GET /api/vehicle-care: whether the vehicle is blocked by a damage (DEFEKT) and what is due. */
export function useVehicleCare() {
  return useQuery({
    queryKey: detailKeys.care,
    queryFn: ({ signal }) => api.get<z.infer<typeof vehicleCareList>>('/api/vehicle-care', { signal }),
  });
}
