import { defineErrors } from '@domain/errors';

/** The refusals of the absence area, German and English side by side (decision 198). */
export const absenceErrors = defineErrors({
  not_for_others: {
    status: 403,
    code: 'forbidden',
    de: 'Nur Fuhrparkleitung und Administration können eine Abwesenheit für andere eintragen.',
    en: 'Only the fleet management and the administration can enter an absence for others.',
  },
  person_not_found: { status: 404, code: 'not_found', de: 'Person nicht gefunden.', en: 'Person not found.' },
  absence_order: {
    status: 400,
    de: 'Das Ende der Abwesenheit darf nicht vor ihrem Beginn liegen.',
    en: 'The end of the absence must not be before its start.',
  },
  absence_too_long: { status: 400, de: 'Eine Abwesenheit umfasst höchstens ein Jahr.', en: 'An absence spans at most one year.' },
});
