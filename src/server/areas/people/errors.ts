import { defineErrors } from '@domain/errors';

/** The refusals of the people area, German and English side by side (decision 198). */
export const peopleErrors = defineErrors({
  user_not_found: { status: 404, code: 'not_found', de: 'Benutzer nicht gefunden.', en: 'User not found.' },
  last_admin: {
    status: 409,
    de: 'Diese Person ist die letzte, die Benutzer oder Berechtigungen pflegen darf, und kann daher nicht gelöscht werden. Geben Sie das Recht zuerst einer anderen Person.',
    en: 'This person is the last one allowed to maintain users or permissions and therefore cannot be deleted. Give the right to someone else first.',
  },
  erase_self: { status: 409, de: 'Sie können sich nicht selbst löschen.', en: 'You cannot delete yourself.' },
  unknown_department: { status: 400, de: 'Diese Abteilung gibt es nicht.', en: 'This department does not exist.' },
  unknown_role_or_group: {
    status: 400,
    de: 'Mindestens eine der gewählten Rollen oder Gruppen gibt es nicht.',
    en: 'At least one of the chosen roles or groups does not exist.',
  },
  email_taken: {
    status: 409,
    texts: (p: { email: string }) => ({
      de: `Eine Person mit der E-Mail-Adresse ${p.email} gibt es in diesem Mandanten bereits.`,
      en: `A person with the e-mail address ${p.email} already exists in this tenant.`,
    }),
  },
});
