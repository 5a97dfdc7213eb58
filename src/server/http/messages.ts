/**
 * English variants of the server's user-facing messages, keyed by AppError
 * code. The German text is the AppError's own message (verbatim from the
 * specification where it names one); this catalogue only adds en-us.
 */
const EN: Record<string, string | ((p: Record<string, string | number>) => string)> = {
  login_failed: 'E-mail or password is incorrect.',
  rate_limited: 'Too many attempts. Please wait a minute and try again.',
  unauthenticated: 'Please sign in.',
  forbidden: (p) => String(p.denial ?? 'Access denied.'),
  not_found: 'Not found.',
  tenant_unknown: (p) => `No client is set up for the address ${p.host}.`,
  validation: (p) => `Invalid input: ${p.detail}`,
  invalid_json: 'The request does not contain valid JSON.',
  unsupported_media_type: 'This content type is not supported.',
  payload_too_large: 'The request is too large.',
  token_invalid: 'The link is invalid or has expired. Please request a new one.',
  password_wrong: 'The current password is incorrect.',
  password_too_short: 'The password must have at least 8 characters.',
  internal: 'An internal error occurred. Please try again later.',
  feature_disabled: 'This feature is not switched on for your organisation.',
  // vehicles (issue #3); the spec's own English texts stay as they are
  bis_not_after_von: 'End is not after start in the period!',
  vehicle_not_valid: 'Vehicle not valid in the period!',
  outside_booking_times: 'Period is outside the individual booking times and booking outside them is not enabled!',
  already_booked: 'The vehicle is already booked in this period!',
  booking_completed: 'A completed vehicle booking cannot be cancelled.',
  booking_cancelled: 'The booking is already cancelled.',
  not_approved: 'The special trip has not been approved yet.',
  check_in_too_early: (p) => `You can start the trip from ${p.at}.`,
  check_in_too_late: 'The booking period is already over.',
  mileage_too_low: (p) => `The mileage must be greater than ${p.last}.`,
  old_vehicle_missing: 'The previous vehicle data is missing for this change.',
  vehicle_id_missing: 'Vehicle ID missing, booking times cannot be saved!',
  approver_missing: 'User not found! No update of the special approval possible.',
  department_not_allowed: "The vehicle cannot be booked for the driver's department.",
  booking_too_short: (p) => `A booking must last at least ${p.minutes} minutes.`,
  outside_booking_window: (p) => `Bookings are possible up to ${p.date}.`,
  booking_in_past: 'The period lies in the past.',
  booking_not_editable: (p) => `A booking with status ${p.status} cannot be changed.`,
  status_unknown: (p) => `Status ${p.status} unknown`,
  type_unknown: (p) => `Type ${p.type} unknown`,
  block_type: 'A block has the type WARTUNG, SERVICE or DEFEKT.',
  // reading rooms and workplaces (issue #4)
  reading_booking_completed: 'A completed reading-room booking cannot be cancelled.',
  reading_booking_already_cancelled: 'The booking has already been cancelled.',
  reading_booking_not_party: 'Only the booker or the person it was pre-booked for can change this booking.',
  reading_booking_not_prebooked: 'Only pre-bookings can be confirmed.',
  reading_booking_confirm_deadline: (p) => `The pre-booking could only be confirmed until its start on ${p.deadline}.`,
  reading_booking_checked_in: 'This booking has already been checked in.',
  reading_booking_not_reserved: 'Only reserved bookings can be checked in.',
  reading_booking_checkin_window: (p) => `Check-in is only possible from 15 minutes before to 15 minutes after the start (${p.from} to ${p.to}).`,
  reading_booking_changed: 'The booking has been changed in the meantime. Please reload the view.',
  reading_day_closed: (p) => `Closed on ${p.date}; nothing can be booked that day.`,
  reading_half_day_closed: 'That half of the day is not open.',
  reading_hours_missing: 'Please enter the start and end of the booking.',
  reading_outside_opening: (p) => `The period must lie within the opening hours from ${p.von} to ${p.bis}.`,
  reading_weekday_not_bookable: (p) => `Bookings are not possible on ${String(p.weekday).replace(/s$/, '')}.`,
  reading_too_far_ahead: (p) => `Places can be booked at most ${p.days} days ahead (until ${p.until}).`,
  reading_in_past: 'The chosen period lies in the past.',
  reading_interval: (p) => `Start and end must fall on the booking interval of ${p.minutes} minutes.`,
  reading_too_short: (p) => `A booking must last at least ${p.minutes} minutes.`,
  reading_too_long: (p) => `A booking may last at most ${p.minutes} minutes.`,
  reading_group_size: (p) => `The group size must be between 1 and ${p.capacity}.`,
  reading_week_limit: (p) => `You already have ${p.count} bookings this week; at most ${p.max} are allowed.`,
  reading_object_booked: (p) => `${p.name} is already booked in the chosen period.`,
  reading_object_inactive: (p) => `${p.name} cannot be booked at the moment.`,
  reading_no_checkin_now: (p) => `You have no reservation of ${p.name} that can be checked in right now.`,
  reading_object_has_bookings: (p) => `${p.name} has already been booked and therefore cannot be deleted. Please deactivate it instead.`,
  reading_plan_has_bookings: (p) => `Places on the floor plan ${p.name} have already been booked; it therefore cannot be deleted. Please deactivate it instead.`,
  reading_plan_inactive: (p) => `The floor plan ${p.name} is currently deactivated.`,
  opening_hours_invalid: (p) => `The opening hours must end after ${p.von}.`,
  deviation_range_invalid: '"Valid to" must not be before "valid from".',
};

export function translate(code: string, german: string, locale: string, params: Record<string, string | number> = {}) {
  if (locale !== 'en-us') return german;
  const en = EN[code];
  if (!en) return german;
  return typeof en === 'function' ? en(params) : en;
}

/** Field-level wording for schema violations, so a user learns which input is wrong and why. */
export function describeIssue(
  issue: { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> },
  context: string | undefined,
  locale: string,
): string {
  const en = locale === 'en-us';
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (en ? context ?? 'request' : contextDe(context));
  const p = issue.params ?? {};
  switch (issue.keyword) {
    case 'invalid_type':
      return en ? `${field} is missing or has the wrong type` : `${field} fehlt oder hat den falschen Typ`;
    case 'too_small':
      return en ? `${field} is too short or too small (minimum ${p.minimum})` : `${field} ist zu kurz oder zu klein (mindestens ${p.minimum})`;
    case 'too_big':
      return en ? `${field} is too long or too large (maximum ${p.maximum})` : `${field} ist zu lang oder zu groß (höchstens ${p.maximum})`;
    case 'invalid_format':
      return en ? `${field} has an invalid format (${p.format})` : `${field} hat ein ungültiges Format (${p.format})`;
    case 'invalid_value':
      return en ? `${field} has an invalid value` : `${field} hat einen ungültigen Wert`;
    case 'unrecognized_keys':
      return en ? `unknown fields: ${(p.keys as string[] | undefined)?.join(', ')}` : `unbekannte Felder: ${(p.keys as string[] | undefined)?.join(', ')}`;
    default:
      return `${field}: ${issue.message ?? issue.keyword}`;
  }
}

function contextDe(context: string | undefined) {
  return context === 'body' ? 'Anfrage' : context === 'querystring' ? 'Abfrage' : context === 'params' ? 'Pfad' : 'Anfrage';
}
