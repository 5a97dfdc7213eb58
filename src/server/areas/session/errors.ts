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
  login_failed: { status: 401, de: 'E-Mail oder Passwort ist falsch.', en: 'E-mail or password is incorrect.' },
  code_failed: {
    status: 401,
    de: 'Der Code ist falsch oder abgelaufen. Bitte melden Sie sich erneut an.',
    en: 'The code is wrong or has expired. Please sign in again.',
  },
  passkey_failed: {
    status: 401,
    de: 'Die Anmeldung mit diesem Passkey ist nicht möglich. Bitte melden Sie sich mit E-Mail und Passwort an.',
    en: 'Signing in with this passkey is not possible. Please sign in with your e-mail and password.',
  },
  password_wrong: { status: 400, de: 'Das aktuelle Passwort ist nicht korrekt.', en: 'The current password is incorrect.' },
  sso_name_missing: {
    status: 400,
    de: 'Bitte geben Sie den Namen des Anbieters ein; er steht auf der Anmeldeseite („Mit … anmelden“).',
    en: 'Please enter the provider’s name; the login page shows it ("Sign in with …").',
  },
  sso_issuer_invalid: {
    status: 400,
    de: 'Bitte geben Sie die Aussteller-Adresse (Issuer) als vollständige https-Adresse ein, z. B. https://login.beispiel.de/realms/buchbar.',
    en: 'Please enter the issuer as a complete https address, e.g. https://login.example.com/realms/buchbar.',
  },
  sso_client_id_missing: {
    status: 400,
    de: 'Bitte geben Sie die Client-ID ein, die der Anbieter für Buchbar vergeben hat.',
    en: 'Please enter the client ID the provider issued for Buchbar.',
  },
  sso_secret_missing: {
    status: 400,
    de: 'Bitte geben Sie das Client-Secret ein, das der Anbieter für Buchbar vergeben hat.',
    en: 'Please enter the client secret the provider issued for Buchbar.',
  },
  sso_claim_invalid: {
    status: 400,
    de: 'Bitte geben Sie den Namen des Claims ein, der die E-Mail-Adresse enthält (z. B. email oder upn).',
    en: 'Please enter the name of the claim carrying the e-mail address (e.g. email or upn).',
  },
});
