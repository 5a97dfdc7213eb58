/**
 * What the check before the trip offers other features: its part of the start
 * dialog (vehicles). Only the dialog's lazily loaded chunk imports it; the
 * fleet's editor and the vehicle detail's tab reach their screens through the
 * routes (decision 215).
 */
export { type TripCheck, TripCheckFields, useTripCheck } from './components/trip-check-fields';
