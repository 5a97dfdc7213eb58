/**
 * What other areas may use of the vehicle care: whether an open defect or the
 * UVV gate blocks a vehicle, the care a finished trip reports, and a damage
 * reported from a trip (the check before it, decision 228) (decision 204).
 */
export { reportTripDamage } from './trip-damages';
export { tripEndCare } from './trip-end-care';
export { careGate } from './vehicle-care-repository';
