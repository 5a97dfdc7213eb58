/**
 * The screenshots of the user handbook (docs/handbuch/bilder), as data: who
 * signs in where, which page is opened, what must be visible before the shot,
 * and at which width. `npm run docs:screenshots` takes them all again from
 * fresh demo data, so the handbook follows the screens when they change.
 */
export interface HandbookShot {
  /** File name in docs/handbuch/bilder, without .png. */
  name: string;
  /** Demo domain (sub-domain of localhost). */
  tenant: 'stadtwerke' | 'tourismus' | 'bibliothek';
  /** Demo account; none for public pages. */
  account?: string;
  path: string;
  /** Text that must be on the screen before the shot is taken, or `testid:<id>` for an element without text. */
  waitFor: string;
  /** Phone (390 px) or desktop (1440 px). */
  device: 'phone' | 'desktop';
  /** Steps after loading, in order: a button, tab or link to press by its name, until this text shows. */
  steps?: { press: string; role: 'button' | 'tab' | 'link'; until: string }[];
}

export const HANDBOOK_SHOTS: HandbookShot[] = [
  { name: 'anmeldung', tenant: 'stadtwerke', path: '/login', waitFor: 'Anmelden', device: 'phone' },
  {
    name: 'fahrzeuge-liste',
    tenant: 'stadtwerke',
    account: 'mitarbeiter@stadtwerke.test',
    path: '/fahrzeuge',
    waitFor: 'VW ID.3',
    device: 'desktop',
  },
  {
    name: 'fahrzeuge-telefon',
    tenant: 'stadtwerke',
    account: 'mitarbeiter@stadtwerke.test',
    path: '/fahrzeuge',
    waitFor: 'VW ID.3',
    device: 'phone',
  },
  {
    name: 'fahrzeuge-uebersicht',
    tenant: 'stadtwerke',
    account: 'mitarbeiter@stadtwerke.test',
    path: '/fahrzeuge/uebersicht',
    waitFor: 'Übersicht',
    device: 'desktop',
  },
  {
    name: 'leseraum-karte',
    tenant: 'bibliothek',
    account: 'leser@bibliothek.test',
    path: '/leseraum/karte',
    waitFor: 'testid:map-legend',
    device: 'desktop',
  },
  {
    name: 'leseraum-liste-telefon',
    tenant: 'bibliothek',
    account: 'leser@bibliothek.test',
    path: '/leseraum/liste',
    waitFor: 'EG-05',
    device: 'phone',
  },
  {
    name: 'freigaben',
    tenant: 'stadtwerke',
    account: 'freigabe@stadtwerke.test',
    path: '/fahrzeuge/freigaben',
    waitFor: 'Offene Anfragen',
    device: 'desktop',
  },
  {
    name: 'fuhrpark-verwaltung',
    tenant: 'stadtwerke',
    account: 'fuhrpark@stadtwerke.test',
    path: '/admin/fahrzeuge',
    waitFor: 'VW ID.3',
    device: 'desktop',
  },
  {
    name: 'fuehrerscheine-liste',
    tenant: 'stadtwerke',
    account: 'pruefer@stadtwerke.test',
    path: '/fahrzeuge/fuehrerschein',
    waitFor: 'Führerscheinprüfung',
    device: 'desktop',
  },
  {
    name: 'empfang-tagesliste',
    tenant: 'tourismus',
    account: 'empfang@tourismus.test',
    path: '/fahrzeuge/uebersicht',
    waitFor: 'Heute am Empfang',
    device: 'desktop',
  },
  { name: 'gaesteverleih-telefon', tenant: 'tourismus', path: '/public', waitFor: 'Rad', device: 'phone' },
  {
    name: 'fahrtenbuch',
    tenant: 'stadtwerke',
    account: 'fuhrpark@stadtwerke.test',
    path: '/fahrzeuge',
    waitFor: 'VW ID.3',
    device: 'desktop',
    steps: [
      { press: 'Details und Fahrtenbuch', role: 'link', until: 'Stammdaten' },
      { press: 'Fahrtenbuch', role: 'tab', until: 'Excel' },
    ],
  },
  {
    name: 'bueroauslastung',
    tenant: 'stadtwerke',
    account: 'admin@stadtwerke.test',
    path: '/admin/bueroauslastung',
    waitFor: 'Büroauslastung',
    device: 'desktop',
  },
  {
    name: 'auswertung-fahrzeuge',
    tenant: 'stadtwerke',
    account: 'admin@stadtwerke.test',
    path: '/admin/auswertung',
    waitFor: 'Auswertung Fahrzeuge',
    device: 'desktop',
  },
  {
    name: 'spinde',
    tenant: 'stadtwerke',
    account: 'mitarbeiter@stadtwerke.test',
    path: '/officelocker',
    waitFor: 'Spind',
    device: 'phone',
  },
  { name: 'rollen', tenant: 'stadtwerke', account: 'admin@stadtwerke.test', path: '/admin/rollen', waitFor: 'Rollen', device: 'desktop' },
  {
    name: 'benutzer-verwaltung',
    tenant: 'stadtwerke',
    account: 'admin@stadtwerke.test',
    path: '/admin/benutzer',
    waitFor: 'Benutzer',
    device: 'desktop',
  },
];
