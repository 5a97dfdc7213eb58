/** Shared texts: app frame, errors, footer, version notice, start panel. German is the default language. */
export const common = {
  appName: 'Buchbar',
  loading: 'Daten werden geladen …',
  actions: {
    save: 'Speichern',
    cancel: 'Abbrechen',
    close: 'Schließen',
    back: 'Zurück',
    toHome: 'Zur Startseite',
  },
  footer: {
    label: 'Rechtliches',
    privacy: 'Datenschutz',
    imprint: 'Impressum',
    empty: 'Für diesen Mandanten ist noch kein Text hinterlegt.',
  },
  errors: {
    serverside: 'Serverside Error',
    prefix: 'Fehler:',
    reset: 'Reset Error',
    notFound: 'Page Not Found: {{path}}',
    network: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.',
    unexpected: 'Unerwartete Antwort des Servers (Status {{status}}).',
    loadFailed: 'Die Daten konnten nicht geladen werden.',
    unknown: 'Unbekannter Fehler',
  },
  version: {
    title: 'Neue Version',
    available: 'Eine neue Version von Buchbar ist verfügbar.',
    reload: 'Neu laden',
  },
  features: {
    fahrzeug: 'Fahrzeuge',
    leseraum: 'Leseraum',
    arbeitswelt: 'Arbeitswelt',
    gastbuchung: 'Gastbuchung',
  },
  languages: {
    de: 'Deutsch',
    en: 'English',
  },
  start: {
    welcome: 'Willkommen, {{firstName}} {{lastName}}',
    tenant: 'Mandant',
    features: 'Freigeschaltete Bereiche',
    noFeatures: 'Für diesen Mandanten sind keine Bereiche freigeschaltet.',
    department: 'Abteilung',
    noDepartment: 'Keine Abteilung zugeordnet',
    today: 'Heute',
    navigation: 'Bereiche',
  },
};
