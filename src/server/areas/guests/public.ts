/**
 * What other areas may use of the guest bookings: whether a vehicle booking is
 * a guest's, and the guest behind it (decision 204).
 */
export { findGuestOfBooking, isGuestBooking } from './guest-repository';
