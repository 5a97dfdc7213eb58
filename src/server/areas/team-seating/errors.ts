import { defineErrors } from '@domain/errors';

/** The refusals of the team-seating area, German and English side by side (decision 198). */
export const teamSeatingErrors = defineErrors({
  team_person_unknown: { status: 404, de: 'Diese Person wurde nicht gefunden.', en: 'This person was not found.' },
  team_query_too_short: {
    status: 400,
    de: 'Bitte geben Sie mindestens zwei Zeichen eines Namens ein.',
    en: 'Please enter at least two characters of a name.',
  },
});
