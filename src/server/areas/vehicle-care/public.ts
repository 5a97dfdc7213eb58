/**
 * What other areas may use of the vehicle care: whether an open defect blocks
 * a vehicle, and the care a finished trip reports (decision 204).
 */
export { tripEndCare } from './trip-end-care';
export { hasOpenDefect } from './vehicle-care-repository';
