/** What the vehicles feature offers other features: the query keys of the vehicle detail, which vehicle care refreshes. */
export { vehicleDetailKeys } from './api/keys';
