import type { vehicle, vehicleList } from '@contracts/vehicles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

export type Vehicle = z.infer<typeof vehicle>;
export type VehicleList = z.infer<typeof vehicleList>;
export interface VehicleFilters {
  locationId?: string;
  category?: string;
  freeFrom?: string;
  freeTo?: string;
  attributes?: Record<string, string>;
}

function query(f: VehicleFilters): string {
  const p = new URLSearchParams();
  if (f.locationId) p.set('locationId', f.locationId);
  if (f.category) p.set('category', f.category);
  if (f.freeFrom && f.freeTo) {
    p.set('freeFrom', f.freeFrom);
    p.set('freeTo', f.freeTo);
  }
  const attrs = Object.fromEntries(Object.entries(f.attributes ?? {}).filter(([, v]) => v !== ''));
  if (Object.keys(attrs).length) p.set('attributes', JSON.stringify(attrs));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** GET /api/vehicles with filters. */
export const vehiclesQueryOptions = (filters: VehicleFilters = {}) =>
  queryOptions({
    queryKey: vehicleKeys.list(filters),
    queryFn: ({ signal }) => api.get<VehicleList>(`/api/vehicles${query(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useVehicles(filters: VehicleFilters = {}) {
  return useQuery(vehiclesQueryOptions(filters));
}
