/** SCIM-Provisionierung in der Mandantenverwaltung, Entscheidung 229. */
export const scim = {
  title: 'Provisionierung (SCIM)',
  intro:
    'Ihr Identitätsanbieter (zum Beispiel Microsoft Entra ID oder Okta) legt Personen und Gruppen über SCIM 2.0 an, ändert und deaktiviert sie. Tragen Sie dort die Adresse und ein Token von hier ein. Wer dort deaktiviert wird, ist hier sofort abgemeldet.',
  endpoint: 'SCIM-Adresse (Mandanten-URL)',
  name: 'Name',
  namePlaceholder: 'z. B. Entra ID',
  expiresOn: 'Gültig bis (einschließlich)',
  create: 'Token anlegen',
  created: 'Das Token wurde angelegt. Kopieren Sie es jetzt: Es wird nie wieder angezeigt.',
  secret: 'Ihr neues Token',
  tokens: 'Provisionierungs-Tokens',
  none: 'Noch keine Tokens.',
  expires: 'Gültig bis',
  lastUsed: 'Zuletzt benutzt',
  never: 'nie',
  createdBy: 'Angelegt von',
  revoke: 'Widerrufen',
  revokeLabel: 'Token {{name}} widerrufen',
  revoked: 'widerrufen',
  expired: 'abgelaufen',
  active: 'aktiv',
};
