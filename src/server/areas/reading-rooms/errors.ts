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
  reading_object_inactive: {
    status: 409,
    texts: (p: { name: string }) => ({ de: `${p.name} ist derzeit nicht buchbar.`, en: `${p.name} cannot be booked at the moment.` }),
  },
  reading_no_checkin_now: {
    status: 409,
    texts: (p: { name: string }) => ({
      de: `Für ${p.name} haben Sie gerade keine Reservierung, für die das Einchecken möglich ist.`,
      en: `You have no reservation of ${p.name} that can be checked in right now.`,
    }),
  },
  reading_plan_inactive: {
    status: 409,
    texts: (p: { name: string }) => ({
      de: `Der Grundriss „${p.name}“ ist derzeit deaktiviert.`,
      en: `The floor plan ${p.name} is currently deactivated.`,
    }),
  },
  floor_plan_taken: {
    status: 409,
    code: 'duplicate',
    texts: (p: { name: string }) => ({
      de: `Einen Grundriss „${p.name}“ gibt es in diesem Bereich schon.`,
      en: `A floor plan “${p.name}” already exists in this area.`,
    }),
  },
  designation_taken: {
    status: 409,
    code: 'duplicate',
    texts: (p: { name: string }) => ({
      de: `Die Bezeichnung „${p.name}“ gibt es auf diesem Grundriss schon.`,
      en: `The designation “${p.name}” already exists on this floor plan.`,
    }),
  },
  equipment_taken: {
    status: 409,
    code: 'duplicate',
    texts: (p: { name: string }) => ({ de: `Die Ausstattung „${p.name}“ gibt es schon.`, en: `The equipment “${p.name}” already exists.` }),
  },
});

/** `404 not_found` for the things of reading rooms, workplaces, lockers and their calendar, by German noun with its English. */
export const notFound = notFoundIn({
  'Abweichende Öffnungszeit': 'Deviating opening time',
  Öffnungszeitraum: 'Opening period',
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
