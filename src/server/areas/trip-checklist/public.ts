/**
 * What other areas may use of the check before the trip: the check the trip
 * start runs inside its transaction (vehicles, decision 228).
 */
export { checkBeforeTrip } from './trip-start-check';
