import { defineErrors } from '@domain/errors';

/** The refusals of the absence area, German and English side by side (decision 198). */
export const absenceErrors = defineErrors({
  not_found: { status: 404, de: 'Person nicht gefunden.', en: 'Not found.' },
  absence_order: {
    status: 400,
    de: 'Das Ende der Abwesenheit darf nicht vor ihrem Beginn liegen.',
    en: 'The end of the absence must not be before its start.',
  },
  absence_too_long: { status: 400, de: 'Eine Abwesenheit umfasst höchstens ein Jahr.', en: 'An absence spans at most one year.' },
});
