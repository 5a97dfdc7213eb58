import { defineErrors, notFoundIn } from '@domain/errors';

/** The refusals of the reading-rooms area, German and English side by side (decision 198). */
export const readingRoomsErrors = defineErrors({
  equipment_twice: {
    status: 400,
    code: 'validation',
    de: 'Jede Ausstattung darf nur einmal vorkommen.',
    en: 'Each piece of equipment may be given only once.',
  },
  opening_hours_per_weekday: {
    status: 400,
    code: 'validation',
    de: 'Bitte für jeden Wochentag genau eine Öffnungszeit angeben.',
    en: 'Please give exactly one opening time for each weekday.',
  },
  reading_booking_changed: {
    status: 409,
    de: 'Die Buchung wurde inzwischen geändert. Bitte laden Sie die Ansicht neu.',
    en: 'The booking has been changed in the meantime. Please reload the view.',
  },
  people_query_too_short: {
    status: 400,
    de: 'Bitte geben Sie mindestens drei Zeichen eines Namens oder einer E-Mail-Adresse ein.',
    en: 'Please enter at least three characters of a name or e-mail address.',
  },
});

/** `404 not_found` for the things of reading rooms, workplaces, lockers and their calendar, by German noun with its English. */
export const notFound = notFoundIn({
  'Abweichende Öffnungszeit': 'Deviating opening time',
  Ausstattung: 'Equipment',
  Bereich: 'Area',
  Buchung: 'Booking',
  Grundriss: 'Floor plan',
  Grundrissbild: 'Floor plan image',
  Kalender: 'Calendar',
  'Kiosk-Link': 'Kiosk link',
  Person: 'Person',
  Platz: 'Place',
  Spind: 'Locker',
  Standort: 'Location',
});
