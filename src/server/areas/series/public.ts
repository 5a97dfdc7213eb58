/** What other areas may use of the series: the vehicle series the vehicle routes offer (decision 204). */
export { cancelInVehicleSeries, createVehicleSeries, previewVehicleSeries } from './vehicle-series';
