/** Query keys of the check before the trip: a saved checklist changes the list and what every vehicle is checked with. */
export const tripChecklistKeys = {
  all: ['trip-checklist'] as const,
  list: ['trip-checklist', 'list'] as const,
  vehicle: (vehicleId: string) => ['trip-checklist', 'vehicle', vehicleId] as const,
  checks: (vehicleId: string) => ['trip-checklist', 'checks', vehicleId] as const,
};
