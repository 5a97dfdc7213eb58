/**
 * Query keys of vehicle care. The list of blocked and due vehicles is a key of
 * its own, not a prefix of the others: refreshing it after a damage must not
 * reload every booklet that is still in the cache.
 */
export const vehicleCareKeys = {
  list: ['vehicle-care'] as const,
  service: (vehicleId: string) => ['service-booklet', vehicleId] as const,
  damages: (vehicleId: string) => ['damages', vehicleId] as const,
};
