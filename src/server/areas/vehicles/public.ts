/**
 * What other areas may use of the vehicles (vehicle series, guest bookings,
 * vehicle care, licences, logbook, absences); nothing else of this folder is
 * imported from outside it (decision 204).
 */

// The booking's rules, shared by the single booking, the series and the guest booking.
export { assertDepartment, cancelBooking, checkPeriod, checkPeriodAgainst, details, requestApprovals, resolveDriver } from './book-vehicle';
export type { VehicleSettings } from './common';
export { availabilityVehicle, canManageBooking, mapOverlap, notFound, toExisting, VEHICLE_TOPIC, vehicleSettings } from './common';
// Who may keep a vehicle, read its booklet and report on it (vehicle care, fleet costs).
export { assertFleetManager, assertMayReadBooklet, assertMayReport, fileKind, vehicleOf } from './fleet-access';
export { placeBlock } from './manage-vehicles';
export type { BookingRecord, BookingWrite } from './vehicle-booking-repository';
// Writes of the guest booking and the vehicle care into a booking and its history.
export {
  bookingsInRange,
  cancelBookings,
  findBooking,
  findBookingsByIds,
  insertBooking,
  insertHistory,
  lockBooking,
  updateBookingRow,
} from './vehicle-booking-repository';
export { assertMayView } from './vehicle-catalogue';
export type { VehicleRecord } from './vehicle-repository';
// Vehicles and their bookings as records, read and locked inside the caller's transaction.
export { findVehicle, findVehicleCore, findVehicles, lockVehicle } from './vehicle-repository';
export { approvalRequestMail } from './vehicle-templates';
