import { defineErrors } from '@domain/errors';

/** The refusals of the access-admin area, German and English side by side (decision 198). */
export const accessAdminErrors = defineErrors({
  not_found: { status: 404, de: 'Gruppe nicht gefunden.', en: 'Not found.' },
  unknown_role: {
    status: 400,
    de: 'Mindestens eine der gewählten Rollen gibt es nicht.',
    en: 'At least one of the chosen roles does not exist.',
  },
  not_found_2: { status: 404, code: 'not_found', de: 'Benutzer nicht gefunden.', en: 'Not found.' },
  not_found_3: { status: 404, code: 'not_found', de: 'Rolle nicht gefunden.', en: 'Not found.' },
});
