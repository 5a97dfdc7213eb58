/** What other areas may use of the series: the vehicle series the vehicle routes offer, on the one series engine (decisions 202 and 204). */
export { cancelInSeries, createSeries, previewSeries } from './series-engine';
export { vehicleSeries } from './vehicle-kind';
