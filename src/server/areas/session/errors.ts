import { defineErrors } from '@domain/errors';

/** The refusals of the session area, German and English side by side (decision 198). */
export const sessionErrors = defineErrors({
  email_code_off: {
    status: 403,
    de: 'Die Anmeldung mit E-Mail-Code ist hier nicht eingeschaltet.',
    en: 'Signing in with an e-mail code is not switched on here.',
  },
  passkey_registration_failed: {
    status: 400,
    de: 'Der Passkey konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    en: 'The passkey could not be saved. Please try again.',
  },
  not_found: { status: 404, de: 'Nicht gefunden.', en: 'Not found.' },
  token_invalid: {
    status: 400,
    de: 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    en: 'The link is invalid or has expired. Please request a new one.',
  },
  second_factor_active: { status: 409, de: 'Ein zweiter Faktor ist bereits eingerichtet.', en: 'A second factor is already set up.' },
  code_wrong: {
    status: 400,
    de: 'Der Code stimmt nicht. Bitte geben Sie den aktuellen Code aus der App ein.',
    en: 'The code does not match. Please enter the current code from the app.',
  },
  sso_group_unknown: {
    status: 400,
    de: 'Die gewählte Standardgruppe gibt es in Ihrem Mandanten nicht.',
    en: 'The chosen default group does not exist in your client.',
  },
  not_found_2: {
    status: 404,
    code: 'not_found',
    de: 'Für Ihren Mandanten ist keine Anmeldung über einen Anbieter eingerichtet.',
    en: 'Not found.',
  },
});
