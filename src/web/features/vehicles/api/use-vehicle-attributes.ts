import type { attributeList, ObjectAttribute } from '@contracts/vehicles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

export type { ObjectAttribute };

/** GET /api/vehicle-attributes?target=…: object attributes of vehicles or trips. */
export const vehicleAttributesQueryOptions = (target: 'FAHRZEUG' | 'FAHRZEUG_VERLAUF') =>
  queryOptions({
    queryKey: vehicleKeys.attributes(target),
    queryFn: ({ signal }) => api.get<z.infer<typeof attributeList>>(`/api/vehicle-attributes?target=${target}`, { signal }),
    staleTime: 5 * 60_000,
  });

export function useVehicleAttributes(target: 'FAHRZEUG' | 'FAHRZEUG_VERLAUF') {
  return useQuery(vehicleAttributesQueryOptions(target));
}
