/** Query keys of the fleet costs: a receipt changes the vehicle's list and every cost report. */
export const fleetCostKeys = {
  allCards: ['fleet-costs', 'cards', 'all'] as const,
  vehicleCards: (vehicleId: string) => ['fleet-costs', 'cards', vehicleId] as const,
  receipts: (vehicleId: string) => ['fleet-costs', 'receipts', vehicleId] as const,
  report: ['fleet-costs', 'report'] as const,
};
