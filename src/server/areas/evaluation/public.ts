/**
 * What other areas may use of the evaluation: the period scope, the per-vehicle
 * booked minutes and kilometres of the roll-up, and the Excel writer, so the
 * cost report measures a period exactly like the utilisation (decision 226).
 */
export { exportFile } from './evaluation-export';
export { vehicleTotals } from './evaluation-repository';
export { evaluationScope } from './scope';
