/** Query keys of the fleet costs: a receipt changes the vehicle's list and every cost report. */
export const fleetCostKeys = {
  vehicleCards: (vehicleId: string) => ['fleet-costs', 'cards', vehicleId] as const,
  receipts: (vehicleId: string) => ['fleet-costs', 'receipts', vehicleId] as const,
  report: ['fleet-costs', 'report'] as const,
};
