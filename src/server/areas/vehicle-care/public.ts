/**
 * What other areas may use of the vehicle care: whether an open defect blocks
 * a vehicle, the care a finished trip reports, and the permission checks and
 * stored receipts that fuel receipts share with the service booklet (decision 204).
 */
export { assertFleetManager, assertMayReadBooklet, assertMayReport, fileKind, vehicleOf } from './care-access';
export { readCareFile } from './care-files';
export { tripEndCare } from './trip-end-care';
export { hasOpenDefect } from './vehicle-care-repository';
