/**
 * What other areas may use of the vehicle care: whether an open defect or the
 * UVV gate blocks a vehicle, and the care a finished trip reports (decision 204).
 */
export { tripEndCare } from './trip-end-care';
export { careGate } from './vehicle-care-repository';
