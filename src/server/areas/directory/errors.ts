import { defineErrors } from '@domain/errors';

/** The refusals of the directory connection, German and English side by side (decision 223). */
export const directoryErrors = defineErrors({
  directory_url_invalid: {
    status: 400,
    de: 'Bitte geben Sie die Adresse des Verzeichnisservers als ldaps://server:636 oder ldap://server:389 ein.',
    en: 'Please enter the directory server address as ldaps://server:636 or ldap://server:389.',
  },
  directory_plain_ldap: {
    status: 400,
    de: 'Eine unverschlüsselte Verbindung ist nicht erlaubt: Bitte verwenden Sie ldaps:// oder schalten Sie StartTLS ein.',
    en: 'An unencrypted connection is not allowed: please use ldaps:// or switch StartTLS on.',
  },
  directory_ca_invalid: {
    status: 400,
    de: 'Das CA-Zertifikat muss im PEM-Format vorliegen (beginnt mit „-----BEGIN CERTIFICATE-----“).',
    en: 'The CA certificate must be in PEM format (starting with “-----BEGIN CERTIFICATE-----”).',
  },
  directory_bind_dn_invalid: {
    status: 400,
    de: 'Bitte geben Sie den Bind-DN als vollständigen Namen ein, z. B. cn=buchbar,ou=dienste,dc=beispiel,dc=de.',
    en: 'Please enter the bind DN as a full name, e.g. cn=buchbar,ou=services,dc=example,dc=com.',
  },
  directory_password_missing: {
    status: 400,
    de: 'Bitte geben Sie das Passwort des Bind-Kontos ein.',
    en: 'Please enter the password of the bind account.',
  },
  directory_user_base_invalid: {
    status: 400,
    de: 'Bitte geben Sie die Basis für Personen als DN ein, z. B. ou=people,dc=beispiel,dc=de.',
    en: 'Please enter the base for people as a DN, e.g. ou=people,dc=example,dc=com.',
  },
  directory_filter_invalid: {
    status: 400,
    de: 'Der Suchfilter ist nicht gültig: Er muss in Klammern stehen, z. B. (objectClass=inetOrgPerson).',
    en: 'The search filter is not valid: it must be in parentheses, e.g. (objectClass=inetOrgPerson).',
  },
  directory_attribute_invalid: {
    status: 400,
    de: 'Attributnamen bestehen aus Buchstaben, Ziffern und Bindestrichen, z. B. mail oder sAMAccountName.',
    en: 'Attribute names consist of letters, digits and hyphens, e.g. mail or sAMAccountName.',
  },
  directory_group_base_invalid: {
    status: 400,
    de: 'Bitte geben Sie die Basis für Gruppen als DN ein, z. B. ou=groups,dc=beispiel,dc=de.',
    en: 'Please enter the base for groups as a DN, e.g. ou=groups,dc=example,dc=com.',
  },
  directory_mapping_invalid: {
    status: 400,
    de: 'Jede Gruppenzuordnung braucht den DN der Verzeichnisgruppe, z. B. cn=buchbar,ou=groups,dc=beispiel,dc=de.',
    en: 'Every group mapping needs the DN of the directory group, e.g. cn=buchbar,ou=groups,dc=example,dc=com.',
  },
  directory_interval_invalid: {
    status: 400,
    de: 'Das Abgleichsintervall muss zwischen 15 Minuten und 7 Tagen (10080 Minuten) liegen.',
    en: 'The sync interval must be between 15 minutes and 7 days (10080 minutes).',
  },
  directory_group_unknown: {
    status: 400,
    de: 'Eine zugeordnete Buchbar-Gruppe gibt es in Ihrem Mandanten nicht.',
    en: 'A mapped Buchbar group does not exist in your client.',
  },
  directory_not_configured: {
    status: 404,
    code: 'not_found',
    de: 'Für Ihren Mandanten ist kein Verzeichnis (LDAP / Active Directory) eingerichtet.',
    en: 'No directory (LDAP / Active Directory) is set up for your client.',
  },
  directory_unreachable: {
    status: 502,
    de: 'Der Verzeichnisserver ist nicht erreichbar oder die verschlüsselte Verbindung kam nicht zustande. Bitte prüfen Sie Adresse, Port und CA-Zertifikat.',
    en: 'The directory server cannot be reached or the encrypted connection failed. Please check address, port and CA certificate.',
  },
  directory_bind_refused: {
    status: 502,
    de: 'Der Verzeichnisserver hat die Anmeldung des Bind-Kontos abgelehnt. Bitte prüfen Sie Bind-DN und Passwort.',
    en: 'The directory server refused the bind account. Please check bind DN and password.',
  },
  directory_search_failed: {
    status: 502,
    de: 'Die Suche im Verzeichnis ist fehlgeschlagen. Bitte prüfen Sie die Basis-DNs und den Suchfilter.',
    en: 'The directory search failed. Please check the base DNs and the search filter.',
  },
});
