import { defineErrors } from '@domain/errors';
import { MESSAGES } from '@domain/vehicle-booking';

/** The refusals of the guests area, German and English side by side (decision 198). */
export const guestsErrors = defineErrors({
  guest_notes_too_long: { status: 400, de: 'Die Notiz ist zu lang.', en: 'The note is too long.' },
  bis_not_after_von: { status: 400, de: MESSAGES.bisNotAfterVon, en: 'End is not after start in the period!' },
  booking_in_past: { status: 400, de: 'Der Zeitraum liegt in der Vergangenheit.', en: 'The period lies in the past.' },
  image_not_found: { status: 404, code: 'not_found', de: 'Bild nicht gefunden.', en: 'Image not found.' },
  bike_unknown: { status: 404, de: 'Dieses Rad gibt es hier nicht.', en: 'There is no such bike here.' },
  guest_booking_off: {
    status: 403,
    de: 'Gastbuchungen sind für diesen Mandanten nicht eingeschaltet.',
    en: 'Guest bookings are not switched on for this client.',
  },
  vehicle_not_for_guests: {
    status: 409,
    de: 'Für dieses Fahrzeug ist keine Gastbuchung möglich.',
    en: 'This vehicle cannot be booked for guests.',
  },
  guest_name_invalid: {
    status: 400,
    de: 'Bitte geben Sie einen gültigen Namen an (2 bis 100 Zeichen, mit Buchstaben).',
    en: 'Please enter a valid name (2 to 100 characters, with letters).',
  },
  guest_email_invalid: { status: 400, de: 'Bitte geben Sie eine gültige E-Mail-Adresse an.', en: 'Please enter a valid e-mail address.' },
  guest_phone_invalid: {
    status: 400,
    de: 'Bitte geben Sie eine gültige Telefonnummer an (6 bis 20 Ziffern).',
    en: 'Please enter a valid phone number (6 to 20 digits).',
  },
  rental_off: { status: 404, de: 'Der Gästeverleih ist hier nicht eingeschaltet.', en: 'The guest bike rental is not switched on here.' },
  request_link_invalid: {
    status: 404,
    de: 'Dieser Bestätigungslink ist ungültig oder abgelaufen. Bitte fragen Sie das Rad erneut an.',
    en: 'This confirmation link is invalid or has expired. Please request the bike again.',
  },
  bike_taken: {
    status: 409,
    code: 'already_booked',
    de: 'Dieses Rad ist im gewählten Zeitraum leider schon vergeben. Bitte wählen Sie ein anderes Rad oder eine andere Zeit.',
    en: 'Sorry, this bike is already taken in the chosen period. Please choose another bike or another time.',
  },
  rental_no_reception: {
    status: 409,
    de: 'Der Gästeverleih nimmt gerade keine Anfragen an. Bitte wenden Sie sich direkt an die Tourist-Info.',
    en: 'The guest bike rental is not taking requests right now. Please contact the tourist information directly.',
  },
});
