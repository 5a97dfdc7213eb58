/**
 * What other areas may use of the driving licences: the licence gate before a
 * vehicle booking and a trip start (decision 204).
 */
export { assertDriverLicensed, assertTripStartLicensed, licenceGateFor } from './licence-gate';
