import { defineErrors, notFoundIn } from '@domain/errors';
import { counted } from '@domain/plural';
import { MESSAGES } from '@domain/vehicle-booking';

/**
 * The refusals of the vehicles area (decision 198); the rules' own refusals are
 * `vehicleBookingErrors` in src/domain/vehicle-booking.ts.
 */
export const vehicleErrors = defineErrors({
  department_not_allowed: {
    status: 403,
    de: 'Das Fahrzeug ist für die Abteilung der fahrenden Person nicht buchbar.',
    en: "The vehicle cannot be booked for the driver's department.",
  },
  booking_not_editable: {
    status: 409,
    texts: (p: { status: string }) => ({
      de: `Eine Buchung im Status ${p.status} kann nicht geändert werden.`,
      en: `A booking with status ${p.status} cannot be changed.`,
    }),
  },
  time_invalid: { status: 400, de: 'Zeit zum setzen ist kein valider String', en: 'The time is not a valid time of day (HH:mm).' },
  booking_times_invalid: {
    status: 400,
    de: 'Die Buchungszeit bis muss nach von liegen.',
    en: 'The end of the booking times must be after the start.',
  },
  validity_invalid: { status: 400, de: 'Gültig bis darf nicht vor gültig von liegen.', en: '"Valid to" must not be before "valid from".' },
  old_vehicle_missing: {
    status: 400,
    de: 'Für die Änderung fehlen die bisherigen Fahrzeugdaten.',
    en: 'The previous vehicle data is missing for this change.',
  },
  attribute_choices_missing: {
    status: 400,
    de: 'Auswahlfelder brauchen mindestens eine Auswahl.',
    en: 'Choice fields need at least one choice.',
  },
  no_file: {
    status: 400,
    code: 'upload_failed',
    de: 'Fehler beim Hochladen der Datei: Keine Datei übermittelt.',
    en: 'Error uploading the file: No file was sent.',
  },
  not_a_trip: { status: 409, de: 'Für Wartungsblöcke gibt es keine Fahrt.', en: 'Maintenance blocks have no trip.' },
  mileage_too_low: {
    status: 400,
    texts: (p: { last: number }) => ({
      de: `Der Kilometerstand muss mindestens ${p.last} sein.`,
      en: `The mileage must be greater than ${p.last}.`,
    }),
  },
  mandatory_missing: { status: 400, de: MESSAGES.mandatory, en: 'Please fill in all mandatory fields.' },
  parking_space_invalid: {
    status: 400,
    de: 'Der Stellplatz gehört nicht zum Standort des Fahrzeugs.',
    en: "The parking space does not belong to the vehicle's location.",
  },
  receipt_invalid: { status: 400, de: 'Unbekannter Beleg.', en: 'Unknown receipt.' },
  attribute_filter_invalid: { status: 400, code: 'validation', de: 'Ungültiger Attributfilter.', en: 'Invalid attribute filter.' },
  period_too_long: {
    status: 400,
    texts: (p: { days: number }) => ({
      de: `Der Zeitraum darf höchstens ${counted('de', p.days, 'day')} lang sein.`,
      en: `The period may be at most ${counted('en', p.days, 'day')} long.`,
    }),
  },
});

/** `404 not_found` for the things of the vehicles and their neighbours, by German noun with its English. */
export const notFound = notFoundIn({
  Fahrzeug: 'Vehicle',
  Buchung: 'Booking',
  Person: 'Person',
  Standort: 'Location',
  Abteilung: 'Department',
  Bild: 'Image',
  Attribut: 'Attribute',
  Datei: 'File',
  Schaden: 'Damage',
  Serviceeintrag: 'Service entry',
});
