/**
 * What other areas may use of the driver instruction: the gate before a vehicle booking and a trip start,
 * and the general instruction's mark in the licence examiner's list (decision 204).
 */
export { assertDriverInstructed, assertTripStartInstructed, instructionGateFor } from './instruction-gate';
export { instructionMarks } from './instructions';
