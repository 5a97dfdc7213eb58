/**
 * What other areas may use of the reading rooms and workplaces (seat series,
 * absences, lockers, evaluation, calendar, occupancy); nothing else of this folder is
 * imported from outside it (decision 204).
 */

export { cancelBooking } from './bookings';
// Rules and shapes of a booking.
export { imageUrl, loadSeatRules, notFound, requireArea, SEAT_TOPIC, toPlaceItem } from './common';
export { readingRoomsErrors } from './errors';
// The plan day the map is built from, for the public occupancy (decision 230).
export { cachedPlanDay } from './map';
// Effective hours of plans: weekly default, deviations, periods and the tenant's holidays (decision 235).
export { loadPlanHours, loadPlansHours, type PlanHours } from './opening-calendar';
export type { BookingRecord } from './reading-room-booking-repository';
// Reads and locks of the seat series, which books many days under the same rules.
export {
  countBookerBookingsByWeek,
  findBooking,
  findBookingsByIds,
  listObjectSlots,
  listOwnHeld,
  lockBooker,
  movePlaces,
} from './reading-room-booking-repository';
export {
  findFloorPlan,
  findObjectWithoutEquipment,
  listDeviatingHours,
  listFloorPlans,
  listRegularHours,
  lockObject,
} from './reading-room-repository';
