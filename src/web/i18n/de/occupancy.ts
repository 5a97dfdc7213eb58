/** Belegungsanzeige für die Website des Mandanten (Entscheidung 230): Raumverwaltung und Mandantenverwaltung. */
export const occupancy = {
  tab: 'Website',
  planTitle: 'Belegung auf der Website',
  planIntro:
    'Zeigt Besucherinnen und Besuchern Ihrer Website, wie viele Plätze dieses Grundrisses jetzt frei sind und wie es im Lauf des Tages aussieht – nur Zahlen, nie Namen oder Buchungen.',
  enabled: 'Belegungsanzeige für diesen Grundriss einschalten',
  on: 'Die Belegungsanzeige ist eingeschaltet.',
  off: 'Die Belegungsanzeige ist ausgeschaltet.',
  inactive: 'Der Grundriss ist deaktiviert; die Anzeige erscheint erst wieder, wenn er aktiv ist.',
  page: 'Seite zum Einbinden',
  open: 'Seite öffnen',
  embedCode: 'Code für Ihre Website (iframe)',
  json: 'Daten als JSON',
  locationPage: 'Seite des Standorts {{name}} (alle eingeschalteten Grundrisse)',
  websitesHint: 'Welche Websites die Seite einbinden und die Daten lesen dürfen, legt die Mandantenverwaltung fest.',
  iframeTitle: 'Belegung {{name}}',
  saved: 'Gespeichert.',
  failed: 'Speichern fehlgeschlagen',
  embeddingTitle: 'Belegungsanzeige auf Ihrer Website',
  embeddingIntro:
    'Nur die hier genannten Websites dürfen die Belegungsseite in einem iframe zeigen und die Daten (JSON) im Browser lesen. Die Raumverwaltung schaltet die Anzeige je Grundriss ein.',
  origins: 'Websites (eine je Zeile)',
  originsHint: 'In der Form https://www.beispiel.de – ohne Pfad, höchstens 20.',
  colour: 'Farbe der Kopfzeile',
  colourPick: 'Farbe vom Bildschirm aufnehmen',
  colourHint: 'Die Schrift wird automatisch schwarz oder weiß, je nachdem, was besser lesbar ist.',
  save: 'Speichern',
} as const;
