/**
 * What vehicle care offers other features: the DEFEKT and due marks and their
 * list, for the vehicle lists. Light on purpose: the first vehicle screen
 * imports it, and whatever this file names comes along. The service booklet
 * and damages tabs reach the vehicle detail through its route (decision 215).
 */

export { uploadCareFile } from './api/upload-care-file';
export { useVehicleCare, type VehicleCare, type VehicleCareList, vehicleCareQueryOptions } from './api/use-vehicle-care';
export { CareBadges, careBadges } from './components/care-badges';
