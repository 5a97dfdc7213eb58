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
  saml_name_missing: {
    status: 400,
    de: 'Bitte geben Sie den Namen des Anbieters ein; er steht auf der Anmeldeseite („Mit … anmelden“).',
    en: 'Please enter the provider’s name; the login page shows it ("Sign in with …").',
  },
  saml_entity_id_missing: {
    status: 400,
    de: 'Bitte geben Sie die Entity-ID des Identity Providers ein (ohne Leerzeichen), oder fügen Sie seine Metadaten ein.',
    en: 'Please enter the identity provider’s entity ID (without spaces), or paste its metadata.',
  },
  saml_slo_url_invalid: {
    status: 400,
    de: 'Bitte geben Sie die Abmeldeadresse (SLO-URL) des Identity Providers als vollständige https-Adresse ein oder lassen Sie das Feld leer.',
    en: 'Please enter the identity provider’s logout address (SLO URL) as a complete https address, or leave the field empty.',
  },
  saml_logout_invalid: {
    status: 400,
    de: 'Diese Abmeldenachricht wurde abgelehnt: Sie ist nicht vom Identity Provider Ihres Mandanten signiert, abgelaufen oder gehört zu keiner Abmeldung, die hier begonnen wurde.',
    en: 'This logout message was refused: it is not signed by your client’s identity provider, has expired or belongs to no logout started here.',
  },
  saml_sso_url_invalid: {
    status: 400,
    de: 'Bitte geben Sie die Anmeldeadresse (SSO-URL) des Identity Providers als vollständige https-Adresse ein, z. B. https://login.beispiel.de/idp/profile/SAML2/Redirect/SSO.',
    en: 'Please enter the identity provider’s sign-in address (SSO URL) as a complete https address, e.g. https://login.example.com/idp/profile/SAML2/Redirect/SSO.',
  },
  saml_certificate_missing: {
    status: 400,
    de: 'Bitte fügen Sie das Signaturzertifikat des Identity Providers ein (PEM, beginnt mit -----BEGIN CERTIFICATE-----).',
    en: 'Please paste the identity provider’s signing certificate (PEM, starting with -----BEGIN CERTIFICATE-----).',
  },
  saml_certificate_invalid: {
    status: 400,
    de: 'Das Signaturzertifikat ist kein gültiges X.509-Zertifikat. Bitte fügen Sie es vollständig als PEM ein, wie der Identity Provider es ausgibt.',
    en: 'The signing certificate is not a valid X.509 certificate. Please paste it in full as PEM, as the identity provider exports it.',
  },
  saml_attribute_invalid: {
    status: 400,
    de: 'Bitte geben Sie für E-Mail, Vorname und Nachname je den Namen des Attributs ein (z. B. http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress oder mail), ohne Leerzeichen.',
    en: 'Please enter the attribute name for e-mail, first name and last name (e.g. http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress or mail), without spaces.',
  },
  saml_metadata_invalid: {
    status: 400,
    de: 'Die Metadaten sind kein lesbares SAML-Metadaten-XML. Bitte fügen Sie die Datei vollständig ein, wie der Identity Provider sie ausgibt (beginnt mit <EntityDescriptor …>).',
    en: 'The metadata is not readable SAML metadata XML. Please paste the whole file as the identity provider exports it (starting with <EntityDescriptor …>).',
  },
  saml_metadata_no_idp: {
    status: 400,
    de: 'Die Metadaten beschreiben keinen Identity Provider (kein IDPSSODescriptor mit Entity-ID). Bitte fügen Sie die Metadaten des Identity Providers ein, nicht die von Buchbar.',
    en: 'The metadata describes no identity provider (no IDPSSODescriptor with an entity ID). Please paste the identity provider’s metadata, not Buchbar’s.',
  },
  saml_metadata_no_redirect: {
    status: 400,
    de: 'Die Metadaten nennen keine Anmeldeadresse mit HTTP-Redirect-Bindung. Bitte schalten Sie diese Bindung beim Identity Provider ein oder geben Sie die SSO-URL selbst ein.',
    en: 'The metadata names no sign-in address with the HTTP-Redirect binding. Please switch this binding on at the identity provider or enter the SSO URL yourself.',
  },
  not_found_saml: {
    status: 404,
    code: 'not_found',
    de: 'Für Ihren Mandanten ist keine Anmeldung über SAML eingerichtet.',
    en: 'No sign-in over SAML is set up for your client.',
  },
});
