import {
  DATE_OUT_OF_RANGE,
  FIRST_PAST_YEAR,
  FIRST_YEAR,
  INVALID_DATE,
  INVALID_INSTANT,
  INVALID_TIME,
  LAST_YEAR,
  PAST_DATE_OUT_OF_RANGE,
} from '@contracts/calendar';
import { MAX_SERIES_DATES } from '@domain/booking-series';
import { counted } from '@domain/plural';
import { fieldLabel } from './field-labels';

/**
 * English variants of the server's user-facing messages, keyed by AppError
 * code. The German text is the AppError's own message (verbatim from the
 * product's catalogue where it names one, docs/product.md#message-catalogue); this catalogue only adds en-us.
 */
const EN: Record<string, string | ((p: Record<string, string | number>) => string)> = {
  login_failed: 'E-mail or password is incorrect.',
  rate_limited: 'Too many attempts. Please wait a minute and try again.',
  account_sign_in_limited: 'Too many failed sign-ins with this e-mail address. Please wait 15 minutes and try again.',
  account_code_limited: 'Too many sign-in codes were requested for this e-mail address. Please wait an hour and try again.',
  foreign_origin: 'This request came from another website and was refused. Please use Buchbar at its own address.',
  unauthenticated: 'Please sign in.',
  forbidden: (p) => String(p.denial ?? 'Access denied.'),
  not_found: 'Not found.',
  tenant_unknown: (p) => `No client is set up for the address ${p.host}.`,
  // Schema failures are worded in the reader's language by describeIssues; a service's own refusal may bring its English text.
  validation: (p) => String(p.en ?? `Invalid input: ${p.detail}`),
  text_invalid: (p) => `"${p.fieldEn}" contains characters that cannot be stored (such as a null character). Please remove them.`,
  invalid_json: 'The request does not contain valid JSON.',
  unsupported_media_type: 'This content type is not supported.',
  payload_too_large: 'The request is too large.',
  token_invalid: 'The link is invalid or has expired. Please request a new one.',
  password_wrong: 'The current password is incorrect.',
  email_code_off: 'Signing in with an e-mail code is not switched on here.',
  sso_name_missing: 'Please enter the provider’s name; the login page shows it ("Sign in with …").',
  sso_issuer_invalid: 'Please enter the issuer as a complete https address, e.g. https://login.example.com/realms/buchbar.',
  sso_client_id_missing: 'Please enter the client ID the provider issued for Buchbar.',
  sso_secret_missing: 'Please enter the client secret the provider issued for Buchbar.',
  sso_claim_invalid: 'Please enter the name of the claim carrying the e-mail address (e.g. email or upn).',
  sso_group_unknown: 'The chosen default group does not exist in your client.',
  code_failed: 'The code is wrong or has expired. Please sign in again.',
  code_wrong: 'The code does not match. Please enter the current code from the app.',
  second_factor_active: 'A second factor is already set up.',
  passkey_failed: 'Signing in with this passkey is not possible. Please sign in with your e-mail and password.',
  passkey_registration_failed: 'The passkey could not be saved. Please try again.',
  password_too_short: 'The password must have at least 8 characters.',
  internal: (p) => `An internal error occurred. Please try again later. (Error number: ${p.requestId})`,
  feature_disabled: 'This feature is not switched on for your organisation.',
  api_token_invalid: 'The API token is invalid, expired or revoked.',
  api_token_scope: (p) => `The API token lacks the scope "${p.scope}" this request needs.`,
  api_token_not_allowed: 'This request is not possible with an API token; please sign in.',
  api_token_rate_limited: 'Too many requests with this API token in the last minute. Please wait a moment.',
  token_name_missing: 'Please give the token a name you will recognise it by.',
  token_scopes_missing: 'Please choose at least one scope.',
  token_expiry_past: 'The expiry date must lie in the future.',
  token_expiry_too_far: (p) => `A token is valid for at most ${p.days} days; please choose an earlier expiry date.`,
  token_admin_scope: 'Only people with access to the administration can grant the scope "admin".',
  token_not_found: 'This token does not exist (any more).',
  webhook_url_invalid: 'Please enter the receiver’s complete address, e.g. https://receiver.example.com/buchbar.',
  webhook_url_https: 'Webhooks are sent to https addresses only.',
  webhook_url_private: 'Webhooks are not sent to addresses in the internal network.',
  webhook_url_credentials: 'The address must not contain a user name or password; the receiver checks the signature.',
  webhook_name_missing: 'Please give the webhook a name.',
  webhook_events_missing: 'Please choose at least one event.',
  webhook_event_scope: (p) => `The event "${p.event}" needs the scope "${p.scope}".`,
  webhook_not_found: 'This webhook does not exist in your client.',
  metrics_forbidden: 'Metrics are available only with a valid METRICS_TOKEN or from this machine.',
  // vehicles; the catalogue's own English texts stay as they are
  bis_not_after_von: 'End is not after start in the period!',
  vehicle_not_valid: 'Vehicle not valid in the period!',
  outside_booking_times: 'Period is outside the individual booking times and booking outside them is not enabled!',
  already_booked: 'The vehicle is already booked in this period!',
  vehicle_defect: (p) =>
    p.until ? `The vehicle is defective and blocked until ${p.until}.` : 'The vehicle is defective and blocked for now.',
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
  booking_too_short: (p) => `A booking must last at least ${counted('en', Number(p.minutes), 'minute')}.`,
  outside_booking_window: (p) => `Bookings are possible up to ${p.date}.`,
  booking_in_past: 'The period lies in the past.',
  booking_not_editable: (p) => `A booking with status ${p.status} cannot be changed.`,
  status_unknown: (p) => `Status ${p.status} unknown`,
  type_unknown: (p) => `Type ${p.type} unknown`,
  block_type: 'A block has the type WARTUNG, SERVICE or DEFEKT.',
  // reading rooms and workplaces
  reading_booking_completed: 'A completed reading-room booking cannot be cancelled.',
  reading_booking_already_cancelled: 'The booking has already been cancelled.',
  reading_booking_not_party: 'Only the booker or the person it was pre-booked for can change this booking.',
  reading_booking_not_prebooked: 'Only pre-bookings can be confirmed.',
  reading_booking_confirm_deadline: (p) => `The pre-booking could only be confirmed until its start on ${p.deadline}.`,
  reading_booking_checked_in: 'This booking has already been checked in.',
  reading_booking_not_reserved: 'Only reserved bookings can be checked in.',
  reading_booking_checkin_window: (p) =>
    `Check-in is only possible from 15 minutes before to 15 minutes after the start (${p.from} to ${p.to}).`,
  reading_booking_changed: 'The booking has been changed in the meantime. Please reload the view.',
  reading_day_closed: (p) => `Closed on ${p.date}; nothing can be booked that day.`,
  reading_half_day_closed: 'That half of the day is not open.',
  reading_hours_missing: 'Please enter the start and end of the booking.',
  reading_outside_opening: (p) => `The period must lie within the opening hours from ${p.von} to ${p.bis}.`,
  reading_weekday_not_bookable: (p) => `Bookings are not possible on ${String(p.weekday).replace(/s$/, '')}.`,
  reading_too_far_ahead: (p) => `Places can be booked at most ${counted('en', Number(p.days), 'day')} ahead (until ${p.until}).`,
  reading_in_past: 'The chosen period lies in the past.',
  reading_interval: (p) => `Start and end must fall on the booking interval of ${counted('en', Number(p.minutes), 'minute')}.`,
  reading_too_short: (p) => `A booking must last at least ${counted('en', Number(p.minutes), 'minute')}.`,
  reading_too_long: (p) => `A booking may last at most ${counted('en', Number(p.minutes), 'minute')}.`,
  reading_group_size: (p) => `The group size must be between 1 and ${p.capacity}.`,
  reading_week_limit: (p) => `You already have ${counted('en', Number(p.count), 'booking')} this week; at most ${p.max} are allowed.`,
  reading_object_booked: (p) => `${p.name} is already booked in the chosen period.`,
  reading_object_inactive: (p) => `${p.name} cannot be booked at the moment.`,
  reading_no_checkin_now: (p) => `You have no reservation of ${p.name} that can be checked in right now.`,
  reading_object_has_bookings: (p) => `${p.name} has already been booked and therefore cannot be deleted. Please deactivate it instead.`,
  reading_plan_has_bookings: (p) =>
    `Places on the floor plan ${p.name} have already been booked; it therefore cannot be deleted. Please deactivate it instead.`,
  reading_plan_inactive: (p) => `The floor plan ${p.name} is currently deactivated.`,
  opening_hours_invalid: (p) => `The opening hours must end after ${p.von}.`,
  deviation_range_invalid: '"Valid to" must not be before "valid from".',
  // codes found by the sweep of every AppError the server throws (http/messages.test.ts)
  upload_failed: (p) => `Error uploading the file: ${p.reasonEn ?? p.reason}`,
  duplicate: (p) =>
    p.kind === 'floor_plan'
      ? `A floor plan “${p.name}” already exists in this area.`
      : p.kind === 'equipment'
        ? `The equipment “${p.name}” already exists.`
        : `The designation “${p.name}” already exists on this floor plan.`,
  setting_value_invalid: (p) => `New setting value ${p.value} could not be saved at layer ${p.layer}.`,
  setting_option_missing: (p) => `No setting option ${p.name} found.`,
  setting_stored_invalid: (p) => `Stored setting value ${p.value} for ${p.option} is invalid.`,
  report_rhythm_unknown: (p) => `Report rhythm ${p.rhythm} unknown.`,
  date_invalid: 'Invalid date format',
  time_not_string: 'The time to set is not a valid string.',
  time_invalid: (p) =>
    p.value === undefined ? 'The time is not a valid time of day (HH:mm).' : `Time ${p.value} is not a valid time in the format HH:mm.`,
  time_step_invalid: (p) => `Rounding step ${p.step} must be a whole number of minutes from 1 to 1440.`,
  period_invalid: 'End is not after start in the period!',
  period_too_long: (p) => `The period may be at most ${counted('en', Number(p.days), 'day')} long.`,
  booking_times_invalid: 'The end of the booking times must be after the start.',
  validity_invalid: '"Valid to" must not be before "valid from".',
  attribute_choices_missing: 'Choice fields need at least one choice.',
  attribute_choice_invalid: (p) => `Invalid value for ${p.label}.`,
  attribute_number_invalid: (p) => `${p.label} must be a number.`,
  attribute_checkbox_invalid: (p) => `${p.label} must be yes or no.`,
  attribute_unknown: 'Unknown attribute.',
  condition_invalid: (p) => `Condition type ${p.type} is not valid`,
  condition_dependent_missing: 'SHOW_IF needs a dependent attribute.',
  mandatory_missing: 'Please fill in all mandatory fields.',
  fuel_out_of_range: 'Fuel level must be between 0 and 100!',
  not_a_trip: 'Maintenance blocks have no trip.',
  parking_space_invalid: "The parking space does not belong to the vehicle's location.",
  receipt_invalid: 'Unknown receipt.',
  // vehicle care
  damage_resolved: 'The damage has already been repaired.',
  damage_same_status: 'The damage already has this status.',
  damage_status_back: (p) => `The status cannot change from ${p.from} to ${p.to}.`,
  damage_already_blocked: 'The vehicle is already blocked because of this damage.',
  damage_resolved_no_block: 'A repaired damage does not block the vehicle.',
  damage_block_busy: 'The vehicle is already blocked; a defect block does not fit in between.',
  service_future: 'The date must not be in the future.',
  service_due_order: 'The next due date must be after the date of the service.',
  cost_invalid: 'The cost must be an amount of 0 or more with at most two decimal places.',
  check_in_status: (p) => `A trip cannot be started in status ${p.status}.`,
  check_out_status: (p) => `A trip cannot be ended in status ${p.status}.`,
  reading_one_place_per_person: 'You already have a place booked in the chosen period. Each person can hold only one place at a time.',
  reading_one_place_per_person_held: (p) =>
    `You already have ${p.name} booked in the chosen period (${p.von} to ${p.bis}). Each person can hold only one place at a time.`,
  people_query_too_short: 'Please enter at least three characters of a name or e-mail address.',
  // evaluation and lockers
  evaluation_period_order: 'The end of the period is before its start.',
  evaluation_period_too_long: (p) => `The period may cover at most ${counted('en', Number(p.max), 'day')}.`,
  locker_no_desk: 'You have no desk booking on this floor plan for this day.',
  locker_taken: 'This locker is already taken on this day.',
  locker_already_holding: 'You already have a locker for this day.',
  locker_none_free: 'No locker is free on this floor plan for this day.',
  locker_past_day: 'Lockers can only be handed out for today or later days.',
  locker_not_office: 'Lockers exist only on workplace floor plans.',
  locker_duplicate_number: 'This floor plan already has a locker with this number.',
  locker_inactive: 'This locker is out of service.',
  locker_number_invalid: 'The locker number must have 1 to 20 characters.',
  // driving licences
  licence_missing: (p) => `No driving licence check is on record for ${p.name}; the vehicle requires licence class ${p.cls}.`,
  licence_class_missing: (p) => `The driving licence of ${p.name} does not include class ${p.cls}, which the vehicle requires.`,
  licence_issued_too_late: (p) => `The driving licence of ${p.name} was issued on ${p.date}, not before the start of the period.`,
  licence_issue_date_missing: (p) => `No issue date is recorded for the driving licence of ${p.name}.`,
  licence_check_due: (p) => `The next driving licence check of ${p.name} is due on ${p.date}, not after the end of the period.`,
  licence_driving_ban: (p) => `${p.name} has a driving ban from ${p.from} to ${p.to} that overlaps the period.`,
  licence_check_in_future: 'The check date must not lie in the future.',
  licence_issue_after_check: 'The issue date must not lie after the check date.',
  licence_ban_incomplete: 'For a driving ban please enter both start and end.',
  licence_ban_order: 'The end of the driving ban must not lie before its start.',
  licence_class_unknown: (p) => `Unknown driving licence class: ${p.classes}`,
  licence_class_twice: 'Each driving licence class may be given only once.',
  licence_scans_off: 'Scans of driving licences are not stored in your organisation.',
  // guests
  guest_link_invalid: 'This link is invalid or no longer valid.',
  guest_free_cancellation_ended: 'Free cancellation is no longer possible (until 24 hours before the start).',
  guest_booking_off: 'Guest bookings are not switched on for this client.',
  vehicle_not_for_guests: 'This vehicle cannot be booked for guests.',
  guest_name_invalid: 'Please enter a valid name (2 to 100 characters, with letters).',
  guest_email_invalid: 'Please enter a valid e-mail address.',
  guest_phone_invalid: 'Please enter a valid phone number (6 to 20 digits).',
  guest_notes_too_long: 'The note is too long.',
  guest_licence_closed: 'No licence is recorded any more for a cancelled or completed booking.',
  too_many_open_requests: (p) =>
    Number(p.count) === 1
      ? 'You already have one open request. Please confirm it first or wait until it expires.'
      : `You already have ${p.count} open requests. Please confirm them first or wait until they expire.`,
  rental_off: 'The guest bike rental is not switched on here.',
  request_link_invalid: 'This confirmation link is invalid or has expired. Please request the bike again.',
  rental_no_reception: 'The guest bike rental is not taking requests right now. Please contact the tourist information directly.',
  bike_unknown: 'There is no such bike here.',
  // administration of roles, groups and people
  role_name_taken: (p) => `A role named "${p.name}" already exists.`,
  group_name_taken: (p) => `A group named "${p.name}" already exists.`,
  self_lockout: 'You cannot take away your own right to maintain roles and groups.',
  last_admin:
    'This person is the last one allowed to maintain users or permissions and therefore cannot be deleted. Give the right to someone else first.',
  erase_self: 'You cannot delete yourself.',
  confirm_required: (p) =>
    Number(p.count) === 1
      ? '1 person loses rights by this deletion. Please confirm the deletion.'
      : `${p.count} people lose rights by this deletion. Please confirm the deletion.`,
  unknown_role: 'At least one of the chosen roles does not exist.',
  email_taken: (p) => `A person with the e-mail address ${p.email} already exists in this tenant.`,
  unknown_department: 'This department does not exist.',
  unknown_role_or_group: 'At least one of the chosen roles or groups does not exist.',
  // locations and parking spaces
  location_not_found: 'Location not found.',
  parking_space_not_found: 'Parking space not found.',
  location_name_taken: (p) => `A location named "${p.name}" already exists.`,
  parking_space_name_taken: (p) => `A parking space named "${p.name}" already exists at this location.`,
  location_in_use: (p) =>
    `The location "${p.name}" is still used by ${[
      Number(p.vehicles) > 0 ? counted('en', Number(p.vehicles), 'vehicle') : '',
      Number(p.floorPlans) > 0 ? counted('en', Number(p.floorPlans), 'floorPlan') : '',
    ]
      .filter(Boolean)
      .join(' and ')} and cannot be deleted.`,
  domain_taken: (p) => `The domain "${p.domain}" is already taken.`,
  domain_in_use: (p) => `The domain "${p.domain}" is in use right now and cannot be removed. Sign in through another domain to remove it.`,
  domain_not_found: 'This domain does not belong to your tenant.',
  location_spaces_in_history: (p) => `The location "${p.name}" has parking spaces named in vehicle history and cannot be deleted.`,
  // logbook
  trip_kind_not_allowed: (p) => `The trip kind ${p.kind} is not allowed in your organisation.`,
  correction_period_over: (p) =>
    `The correction period (${counted('en', Number(p.days), 'day')}) has ended. Please contact the fleet management.`,
  correction_forbidden: 'You may not correct this logbook entry.',
  driver_field_locked: 'Only the fleet management can correct the date, times and odometer readings.',
  already_corrected: 'This entry has been corrected in the meantime. Please reload the logbook.',
  nothing_changed: 'The correction does not change the entry.',
  odometer_order: 'The odometer at the end must not be lower than at the start.',
  time_order: 'The end of the trip must be after its start.',
  in_future: 'A logbook entry must not lie in the future.',
  no_such_gap: 'There is no open gap in the logbook for this odometer range.',
  period_order: 'The end of the period must be after its start.',
  export_not_ready: 'The export is not finished yet.',
  absence_too_long: 'An absence spans at most one year.',
  absence_order: 'The end of the absence must not be before its start.',
  series_nothing_bookable: 'No date of the series can be booked. Nothing was saved.',
  series_none: 'This booking does not belong to a series.',
  series_weekdays: 'Please choose at least one weekday for the series.',
  handover_refused: 'Only bookings you made for others can be handed over.',
  team_favourites_too_many: (p) => (Number(p.max) === 1 ? 'At most 1 favourite is possible.' : `At most ${p.max} favourites are possible.`),
  team_person_unknown: 'This person was not found.',
  team_query_too_short: 'Please enter at least two characters of a name.',
  series_interval: 'The interval of the series must be between 1 and 12 weeks.',
  series_end_missing: 'Please give an end date or a number of dates for the series.',
  series_count: `A series has 1 to ${MAX_SERIES_DATES} dates.`,
  series_end_before_start: 'The end date of the series is before its start.',
  series_too_long: 'A series may span at most one year.',
  gap_outside_window: (p) =>
    `The trip explaining the gap must lie between the end of the previous trip (${p.from}) and the start of the next trip (${p.to}).`,
};

export function translate(code: string, german: string, locale: string, params: Record<string, string | number> = {}) {
  if (locale !== 'en-us') return german;
  const en = EN[code];
  if (!en) return german;
  return typeof en === 'function' ? en(params) : en;
}

/** One issue as fastify-type-provider-zod hands it over (the zod issue, its path as `instancePath`). */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Messages zod writes by itself (English); any other message of an issue is the contract's own German sentence. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected|Required|Number must|String must)\b/;
const CALENDAR_KEYS = new Set([INVALID_DATE, INVALID_TIME, INVALID_INSTANT, DATE_OUT_OF_RANGE, PAST_DATE_OUT_OF_RANGE]);

const quoteDe = (label: string) => `„${label}“`;
const quoteEn = (label: string) => `"${label}"`;
const list = (values: unknown[]) => values.map((v) => String(v)).join(', ');

const KIND_DE: Record<string, string> = {
  string: 'einen Text',
  number: 'eine Zahl',
  int: 'eine ganze Zahl',
  boolean: 'ja oder nein',
  array: 'eine Liste',
  object: 'die Angaben als Objekt',
};
const KIND_EN: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'the data as an object',
};

/** The value at an issue's path in the request part, to say which value was refused. */
function valueAt(input: unknown, path: string[]): unknown {
  let cur = input;
  for (const step of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[step];
  }
  return cur;
}

/**
 * The error map: one schema issue as a sentence a person reads, with the
 * field's label (field-labels.ts) in German or, for en-us, in English. No
 * answer names a JSON path or repeats zod's English text; a contract's own
 * German sentence (`min(1, 'Bitte …')`) is kept for German readers.
 */
export function describeIssue(issue: SchemaIssue, context: string | undefined, locale: string, input?: unknown): string {
  const en = locale === 'en-us';
  const path = issue.instancePath.split('/').filter(Boolean);
  const label = fieldLabel(path, context, en);
  const f = en ? quoteEn(label) : quoteDe(label);
  const p = issue.params ?? {};
  const own = issue.message && !ZOD_DEFAULT.test(issue.message) && !CALENDAR_KEYS.has(issue.message) ? issue.message : undefined;
  const value = valueAt(input, path);
  if (own && !en) {
    // An enum's own message names the refused value, like the services do (`Unbekannte Führerscheinklasse: Z`).
    const shown =
      issue.keyword === 'invalid_value' && (typeof value === 'string' || typeof value === 'number') ? String(value).slice(0, 40) : '';
    return shown ? `${own}: ${shown}` : own;
  }
  switch (issue.keyword) {
    case 'invalid_type': {
      if (path.length === 0)
        return en ? 'The request does not contain the expected data.' : 'Die Anfrage enthält nicht die erwarteten Angaben.';
      if (value === undefined) return en ? `Please fill in ${f}.` : `Bitte geben Sie ${f} an.`;
      const kind = String(p.expected ?? '');
      if (en) return KIND_EN[kind] ? `Please enter ${KIND_EN[kind]} for ${f}.` : `The value of ${f} has the wrong type.`;
      return KIND_DE[kind] ? `Bitte geben Sie für ${f} ${KIND_DE[kind]} an.` : `Der Wert für ${f} hat den falschen Typ.`;
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.keyword === 'too_small';
      const bound = Number(small ? p.minimum : p.maximum);
      const origin = String(p.origin ?? '');
      if (origin === 'string') {
        if (small && bound <= 1) return en ? `Please fill in ${f}.` : `Bitte füllen Sie ${f} aus.`;
        if (en) return `${f} must have ${small ? 'at least' : 'at most'} ${counted('en', bound, 'character')}.`;
        return `${f} muss ${small ? 'mindestens' : 'höchstens'} ${counted('de', bound, 'character')} haben.`;
      }
      if (origin === 'array' || origin === 'set') {
        if (en) return `Please choose ${small ? 'at least' : 'at most'} ${counted('en', bound, 'entry')} for ${f}.`;
        return `Bitte wählen Sie für ${f} ${small ? 'mindestens' : 'höchstens'} ${counted('de', bound, 'entry')}.`;
      }
      const strict = p.inclusive === false;
      if (en) return `${f} must be ${small ? (strict ? 'greater than' : 'at least') : strict ? 'less than' : 'at most'} ${bound}.`;
      return `${f} muss ${small ? (strict ? 'größer als' : 'mindestens') : strict ? 'kleiner als' : 'höchstens'} ${bound} sein.`;
    }
    case 'not_multiple_of':
      return en ? `${f} must be a multiple of ${p.divisor}.` : `${f} muss ein Vielfaches von ${p.divisor} sein.`;
    case 'invalid_format': {
      const format = String(p.format ?? '');
      if (format === 'datetime') return calendarSentence(INVALID_INSTANT, f, en);
      if (format === 'email')
        return en ? `Please enter a valid e-mail address for ${f}.` : `Bitte geben Sie für ${f} eine gültige E-Mail-Adresse an.`;
      if (format === 'uuid' || format === 'guid')
        return en ? `${f} does not name anything that exists here.` : `${f} verweist auf nichts, was es hier gibt.`;
      if (format === 'url')
        return en ? `Please enter a complete web address for ${f}.` : `Bitte geben Sie für ${f} eine vollständige Webadresse an.`;
      return en ? `${f} is not in the expected format.` : `${f} hat nicht das erwartete Format.`;
    }
    case 'invalid_value': {
      const values = (p.values as unknown[] | undefined) ?? [];
      const shown = typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 40) : undefined;
      const allowed = values.length && values.length <= 12 ? list(values) : undefined;
      if (en)
        return `${shown !== undefined ? `"${shown}" is not a valid choice for ${f}.` : `Please choose a valid value for ${f}.`}${allowed ? ` Allowed: ${allowed}.` : ''}`;
      return `${shown !== undefined ? `„${shown}“ ist für ${f} nicht vorgesehen.` : `Bitte wählen Sie für ${f} einen gültigen Wert.`}${allowed ? ` Möglich sind: ${allowed}.` : ''}`;
    }
    case 'unrecognized_keys': {
      const keys = ((p.keys as string[] | undefined) ?? []).map((k) => (en ? quoteEn : quoteDe)(fieldLabel([k], context, en)));
      return en
        ? `These entries are not expected here: ${keys.join(', ')}.`
        : `Diese Angaben sind hier nicht vorgesehen: ${keys.join(', ')}.`;
    }
    case 'custom':
      if (issue.message && CALENDAR_KEYS.has(issue.message)) return calendarSentence(issue.message, f, en);
      return en ? `Please check ${f}: the value is not valid.` : `Bitte prüfen Sie ${f}: der Wert ist nicht gültig.`;
    default:
      return en ? `Please check ${f}: the value is not valid.` : `Bitte prüfen Sie ${f}: der Wert ist nicht gültig.`;
  }
}

/** The sentences of the calendar schemas (contracts/calendar.ts), by their key. */
function calendarSentence(key: string, f: string, en: boolean): string {
  switch (key) {
    case INVALID_TIME:
      return en
        ? `Please enter a valid time for ${f} (HH:MM, 00:00–23:59).`
        : `Bitte geben Sie eine gültige Uhrzeit für ${f} an (HH:MM, 00:00–23:59).`;
    case INVALID_INSTANT:
      return en
        ? `Please enter a valid date and time for ${f} (DD.MM.YYYY HH:MM).`
        : `Bitte geben Sie ein gültiges Datum mit Uhrzeit für ${f} an (TT.MM.JJJJ HH:MM).`;
    case DATE_OUT_OF_RANGE:
    case PAST_DATE_OUT_OF_RANGE: {
      const first = key === DATE_OUT_OF_RANGE ? FIRST_YEAR : FIRST_PAST_YEAR;
      return en
        ? `${f} must lie between 01.01.${first} and 31.12.${LAST_YEAR}.`
        : `${f} muss zwischen dem 01.01.${first} und dem 31.12.${LAST_YEAR} liegen.`;
    }
    default:
      return en ? `Please enter a valid date for ${f} (DD.MM.YYYY).` : `Bitte geben Sie ein gültiges Datum für ${f} an (TT.MM.JJJJ).`;
  }
}

/** All issues of one refusal as sentences: the first three, each field once. */
export function describeIssues(issues: SchemaIssue[], context: string | undefined, locale: string, input?: unknown): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const issue of issues) {
    if (seen.has(issue.instancePath)) continue;
    seen.add(issue.instancePath);
    out.push(describeIssue(issue, context, locale, input));
    if (out.length === 3) break;
  }
  return out.join(' ');
}
