/** What other areas may use of the logbook: the entry a finished trip writes (decision 204). */
export { recordTrip } from './logbook';
