/** Query keys of the vehicle feature; mutations invalidate by these prefixes. */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  list: (filters: object) => ['vehicles', 'list', filters] as const,
  timeline: (from: string, to: string) => ['vehicles', 'timeline', from, to] as const,
  limits: (vehicleId: string, date: string, excludeBookingId?: string) =>
    ['vehicles', 'limits', vehicleId, date, excludeBookingId ?? ''] as const,
  availability: (vehicleId: string, von: string, bis: string, excludeBookingId?: string) =>
    ['vehicles', 'availability', vehicleId, von, bis, excludeBookingId ?? ''] as const,
  locations: ['vehicles', 'locations'] as const,
  attributes: (target: string) => ['vehicles', 'attributes', target] as const,
  bookers: ['vehicles', 'bookers'] as const,
  mine: (includePast: boolean) => ['vehicles', 'mine', includePast] as const,
  approvals: ['vehicles', 'approvals'] as const,
  history: (vehicleId: string) => ['vehicles', 'history', vehicleId] as const,
};

/**
 * The detail screen's vehicle and its history, outside `all`: a booking does
 * not reload them. Vehicle care refreshes the history after a damage or a
 * service entry, through this feature's public entry.
 */
export const vehicleDetailKeys = {
  vehicle: (id: string) => ['vehicle-detail', 'vehicle', id] as const,
  history: (id: string) => ['vehicle-detail', 'history', id] as const,
};
