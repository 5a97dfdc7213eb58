import { defineErrors } from '@domain/errors';

/** The refusals of the access-admin area, German and English side by side (decision 198). */
export const accessAdminErrors = defineErrors({
  group_not_found: { status: 404, code: 'not_found', de: 'Gruppe nicht gefunden.', en: 'Group not found.' },
  unknown_role: {
    status: 400,
    de: 'Mindestens eine der gewählten Rollen gibt es nicht.',
    en: 'At least one of the chosen roles does not exist.',
  },
  user_not_found: { status: 404, code: 'not_found', de: 'Benutzer nicht gefunden.', en: 'User not found.' },
  role_not_found: { status: 404, code: 'not_found', de: 'Rolle nicht gefunden.', en: 'Role not found.' },
  group_name_taken: {
    status: 409,
    texts: (p: { name: string }) => ({
      de: `Eine Gruppe mit dem Namen „${p.name}“ gibt es bereits.`,
      en: `A group named "${p.name}" already exists.`,
    }),
  },
  role_name_taken: {
    status: 409,
    texts: (p: { name: string }) => ({
      de: `Eine Rolle mit dem Namen „${p.name}“ gibt es bereits.`,
      en: `A role named "${p.name}" already exists.`,
    }),
  },
});
