/**
 * What other areas may use of the calendar: the .ics attachments of booking
 * mails and the events behind them (decision 204).
 */
export {
  guestVehicleIcs,
  mailIcs,
  seatEvent,
  seatHolder,
  seatIcs,
  seatsIcs,
  vehicleEvent,
  vehicleIcs,
  vehiclesIcs,
} from './booking-events';
export { calendarEntryMail } from './calendar-templates';
export { calendarEntryMails } from './entries';
export type { Invitation } from './ics';
export { bookingsIcs } from './ics';
export { invitationFor, invitationsFor } from './invitations';
