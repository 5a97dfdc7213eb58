import { AppError } from './errors';
import { BUNDESLAND_CHOICES } from './public-holidays';
import { isValidTime } from './time';

/**
 * Customizing (docs/product.md#settings): the catalogue of options, their stored
 * text form and the layered resolution. The table with every option, its
 * default and the reasons: docs/decisions/002-settings-catalogue.md.
 */

export type SettingType = 'number' | 'boolean' | 'string' | 'time' | 'array';
export const SETTING_LAYERS = ['BENUTZER', 'GRUPPE', 'MANDANT'] as const;
export type SettingLayer = (typeof SETTING_LAYERS)[number];
export type SettingFeature = 'allgemein' | 'fahrzeug' | 'leseraum';

/** Element types of array options; 'id' is a record id, a non-empty string or a whole number. */
export type SettingItemType = 'string' | 'number' | 'id' | 'time' | 'email';

/**
 * One option as the catalogue describes it. The fields that decide which
 * values are valid (type, items, allowed) also give the option its TypeScript
 * type (SettingValue below), so the check on saving and the type a reader gets
 * come from the same entry.
 */
export interface SettingOption<N extends string = string> {
  name: N;
  feature: SettingFeature;
  type: SettingType;
  /** Stored text form, exactly as encodeSettingValue would write it. */
  defaultValue: string;
  /** German. */
  description: string;
  /** Layers at which a value may be saved; values found at other layers are ignored. */
  layers: readonly SettingLayer[];
  /** 'string' options: the only accepted values. 'array' options: the only accepted elements. */
  allowed?: readonly string[];
  /** 'array' options: the type of every element. */
  items?: SettingItemType;
  /** 'number' options. */
  integer?: boolean;
  min?: number;
  max?: number;
}

export const WEEKDAY_NAMES = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'] as const;

/**
 * The three ratings a check-out records, from best to worst, followed by the
 * 'and worse' threshold (docs/product.md#vehicle-care). Thresholds use the same words: a
 * plain rating means exactly that rating, the 'und schlechter' form means that
 * rating or a worse one.
 */
export const CLEANLINESS_STATES = ['sauber', 'leicht verschmutzt', 'stark verschmutzt', 'leicht verschmutzt und schlechter'] as const;

/** Whether a value is one of a fixed list of words (the list's own type, so a plain string can be tested). */
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => (list as readonly unknown[]).includes(value);

/** Check-out also records 'verschmutzt' (between light and heavy); 'and worse' thresholds include it. */
const CLEANLINESS_RANK: ReadonlyMap<string, number> = new Map([
  ['sauber', 0],
  ['leicht verschmutzt', 1],
  ['verschmutzt', 2],
  ['stark verschmutzt', 3],
]);
const AND_WORSE = ' und schlechter';

/** Whether a recorded cleanliness rating reaches a soiling threshold (and so triggers the mail). */
export function meetsCleanlinessThreshold(rating: string, threshold: string): boolean {
  const rank = CLEANLINESS_RANK.get(rating);
  if (rank === undefined || !isOneOf(CLEANLINESS_STATES, threshold)) return false;
  if (!threshold.endsWith(AND_WORSE)) return rating === threshold;
  const floor = CLEANLINESS_RANK.get(threshold.slice(0, -AND_WORSE.length));
  return floor !== undefined && rank >= floor;
}

export const REPORT_RHYTHMS = ['monatlich', 'vierteljährlich', 'halbjährlich', 'jährlich'] as const;

const RHYTHM_MONTHS: ReadonlyMap<string, number> = new Map([
  ['monatlich', 1],
  ['vierteljährlich', 3],
  ['halbjährlich', 6],
  ['jährlich', 12],
]);

/** Months between two logbook reports for a rhythm (docs/product.md#logbook). */
export function reportRhythmMonths(rhythm: string): number {
  const months = RHYTHM_MONTHS.get(rhythm);
  if (months === undefined) {
    throw new AppError(
      'report_rhythm_unknown',
      { de: `Berichtsrhythmus ${rhythm} unbekannt`, en: `Report rhythm ${rhythm} unknown.` },
      400,
    );
  }
  return months;
}

const ALL: readonly SettingLayer[] = ['BENUTZER', 'GRUPPE', 'MANDANT'];
// Limits and rules are never settable per user: the personal settings dialog
// saves at BENUTZER, and a user must not be able to lift their own limit.
const RULE: readonly SettingLayer[] = ['GRUPPE', 'MANDANT'];
const TENANT: readonly SettingLayer[] = ['MANDANT'];
const USER: readonly SettingLayer[] = ['BENUTZER'];

const minutes = (max = 1440) => ({ integer: true, min: 0, max }) as const;

// `as const` keeps every entry's literal name, type and vocabulary, from which SettingValue derives the option's type.
const CATALOGUE = [
  // allgemein
  {
    name: 'EnableDebug',
    feature: 'allgemein',
    type: 'boolean',
    defaultValue: 'false',
    description: 'DEBUG-Einträge in das Protokoll schreiben',
    layers: TENANT,
  },
  {
    name: 'sprache',
    feature: 'allgemein',
    type: 'string',
    defaultValue: 'de-de',
    description: 'Sprache der Oberfläche und der E-Mails',
    layers: USER,
    allowed: ['de-de', 'en-us'],
  },
  {
    // Decision 217: the person may switch it off, a group or the tenant may set another default.
    name: 'kalenderEinladungen',
    feature: 'allgemein',
    type: 'boolean',
    defaultValue: 'true',
    description:
      'Mails zu Buchungen tragen eine Kalendereinladung, die die Buchung in Outlook, Google oder Apple Kalender einträgt und bei einer Stornierung wieder entfernt',
    layers: ALL,
  },
  {
    name: 'startseite',
    feature: 'allgemein',
    type: 'string',
    defaultValue: '',
    description: 'Startseite nach der Anmeldung, z. B. /leseraum/karte; leer: Fahrzeuge, wenn aktiv, sonst Leseraum-Karte',
    layers: ALL,
  },
  {
    name: 'zweiterFaktorFuerAdmins',
    feature: 'allgemein',
    type: 'boolean',
    defaultValue: 'false',
    description:
      'Wer ein Administrationsrecht hat, braucht einen zweiten Faktor (Authenticator-App); bis dahin ruhen die Administrationsrechte',
    layers: TENANT,
  },
  {
    name: 'anmeldungPerEmailCode',
    feature: 'allgemein',
    type: 'boolean',
    defaultValue: 'false',
    description: 'Anmeldung ohne Passwort mit einem Code per E-Mail (10 Minuten gültig, nur einmal verwendbar)',
    layers: TENANT,
  },
  {
    name: 'benutzerDeaktivierungStorniertBuchungen',
    feature: 'allgemein',
    type: 'boolean',
    defaultValue: 'true',
    description:
      'Beim Deaktivieren einer Person werden ihre künftigen Fahrzeug- und Platzbuchungen storniert (mit E-Mail an sie); sonst bleiben sie bestehen',
    layers: TENANT,
  },
  // Retention (decision 150): 0 keeps without limit; the logbook is not governed by these (10 years by law).
  {
    name: 'aufbewahrungBuchungenMonate',
    feature: 'allgemein',
    type: 'number',
    defaultValue: '24',
    description:
      'Monate nach dem Ende, nach denen Platz-, Arbeitsplatz- und Fahrzeugbuchungen anonymisiert werden (Name, Zweck, Bemerkungen); 0 = unbegrenzt aufbewahren',
    layers: TENANT,
    integer: true,
    min: 0,
    max: 240,
  },
  {
    name: 'aufbewahrungFahrtdetailsMonate',
    feature: 'allgemein',
    type: 'number',
    defaultValue: '24',
    description:
      'Monate nach dem Ende, nach denen die Angaben gefahrener Buchungen außerhalb des Fahrtenbuchs (Anlass, Ziel, Mitfahrende, Buchende) entfernt werden; das Fahrtenbuch bleibt 10 Jahre; 0 = unbegrenzt',
    layers: TENANT,
    integer: true,
    min: 0,
    max: 240,
  },
  {
    name: 'aufbewahrungGaestedatenMonate',
    feature: 'allgemein',
    type: 'number',
    defaultValue: '6',
    description:
      'Monate nach dem Ende einer Gastbuchung, nach denen Name, E-Mail, Telefon und Führerscheinangaben des Gastes gelöscht werden; 0 = unbegrenzt',
    layers: TENANT,
    integer: true,
    min: 0,
    max: 240,
  },
  // Art. 15 (4) DSGVO (decision 193): the own-data export names colleagues by their role unless the tenant chooses names.
  {
    name: 'datenexportNamenAndererPersonen',
    feature: 'allgemein',
    type: 'boolean',
    defaultValue: 'false',
    description:
      'Die Datenauskunft „Meine Daten herunterladen“ nennt andere Personen (Buchende, Fahrende, Prüfende, Gäste) mit Namen; sonst nur mit ihrer Rolle, z. B. „Führerscheinprüfung“',
    layers: TENANT,
  },
  {
    name: 'zeitRasterMinuten',
    feature: 'allgemein',
    type: 'number',
    defaultValue: '15',
    description: 'Raster in Minuten, auf das Buchungszeiten gerundet werden',
    layers: TENANT,
    integer: true,
    min: 1,
    max: 1440,
  },
  // leseraum
  {
    name: 'leseraumMaxBuchungenProWoche',
    feature: 'leseraum',
    type: 'number',
    defaultValue: '5',
    description: 'Höchstzahl der Buchungen pro Woche, die eine Person als Buchende halten darf',
    layers: RULE,
    integer: true,
    min: 0,
  },
  {
    name: 'leseraumBuchungsintervallMinuten',
    feature: 'leseraum',
    type: 'number',
    defaultValue: '60',
    description: 'Intervall in Minuten, in dem stundenweise Buchungen beginnen und enden',
    layers: RULE,
    integer: true,
    min: 1,
    max: 1440,
  },
  {
    name: 'leseraumMinBuchungsdauerMinuten',
    feature: 'leseraum',
    type: 'number',
    defaultValue: '60',
    description: 'Mindestdauer einer Leseraumbuchung in Minuten',
    layers: RULE,
    ...minutes(),
  },
  {
    name: 'leseraumMaxBuchungsdauerMinuten',
    feature: 'leseraum',
    type: 'number',
    defaultValue: '600',
    description:
      'Höchstdauer jeder Leseraumbuchung in Minuten; stundenweise länger wird abgelehnt, ganze und halbe Tage enden nach dieser Dauer (600 = 08:00 bis 18:00)',
    layers: RULE,
    integer: true,
    min: 1,
    max: 1440,
  },
  {
    name: 'leseraumBuchbareTageVoraus',
    feature: 'leseraum',
    type: 'number',
    defaultValue: '14',
    description: 'Wie viele Tage im Voraus ein Platz gebucht werden kann',
    layers: RULE,
    integer: true,
    min: 0,
    max: 3650,
  },
  {
    name: 'leseraumBuchbareWochentage',
    feature: 'leseraum',
    type: 'array',
    defaultValue: '["montags","dienstags","mittwochs","donnerstags","freitags"]',
    description: 'Wochentage, an denen Plätze gebucht werden können',
    layers: RULE,
    items: 'string',
    allowed: WEEKDAY_NAMES,
  },
  {
    name: 'leseraumErinnerungVorBeginnMinuten',
    feature: 'leseraum',
    type: 'number',
    defaultValue: '60',
    description: 'Erinnerung so viele Minuten vor Buchungsbeginn; 0 = keine Erinnerung',
    layers: ALL,
    ...minutes(10080),
  },
  {
    // Decision 235: the public holidays of this state close every floor plan unless a deviation opens it.
    name: 'feiertageBundesland',
    feature: 'leseraum',
    type: 'string',
    defaultValue: 'kein',
    description:
      'Bundesland, dessen gesetzliche Feiertage die Grundrisse schließen (wenn nicht abweichend geöffnet); kein = keine Feiertage',
    layers: TENANT,
    allowed: BUNDESLAND_CHOICES,
  },
  {
    name: 'favoritGrundriss',
    feature: 'leseraum',
    type: 'string',
    defaultValue: '',
    description: 'ID des bevorzugten Grundrisses; leer = keiner',
    layers: USER,
  },
  {
    name: 'favoritPlaetze',
    feature: 'leseraum',
    type: 'array',
    defaultValue: '[]',
    description: 'IDs der bevorzugten Plätze',
    layers: USER,
    items: 'id',
  },
  // fahrzeug
  {
    name: 'fahrzeugErinnerungsmailUhrzeit',
    feature: 'fahrzeug',
    type: 'time',
    defaultValue: '07:00',
    description: 'Uhrzeit, zu der die Erinnerungsmail an die Buchenden verschickt wird',
    layers: ALL,
  },
  {
    name: 'fahrzeugCheckInAktiv',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'true',
    description: 'Fahrten werden mit Check-in (Fahrt starten) und Check-out (Fahrt beenden) erfasst',
    layers: TENANT,
  },
  {
    name: 'fahrzeugFreigabeNachBuchungsbeginn',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'true',
    description: 'Buchungen ohne Check-in werden fahrzeugAutoStornoOhneCheckInMinuten nach Beginn storniert und das Fahrzeug freigegeben',
    layers: TENANT,
  },
  {
    name: 'fahrzeugBestaetigungVorCheckOut',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description: 'Vor dem Check-out müssen die erfassten Angaben ausdrücklich bestätigt werden',
    layers: TENANT,
  },
  {
    name: 'fahrzeugBuchbareTageVoraus',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '30',
    description: 'Wie viele Tage im Voraus ein Fahrzeug gebucht werden kann',
    layers: RULE,
    integer: true,
    min: 0,
    max: 3650,
  },
  {
    name: 'fahrzeugMindestabstandMinuten',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '15',
    description: 'Mindestabstand in Minuten zwischen zwei Buchungen desselben Fahrzeugs (beidseitiger Puffer)',
    layers: TENANT,
    ...minutes(),
  },
  {
    name: 'fahrzeugBuchungsfensterWochentag',
    feature: 'fahrzeug',
    type: 'string',
    defaultValue: 'montags',
    description: 'Wochentag, an dem sich das Buchungsfenster um eine Woche verlängert',
    layers: TENANT,
    allowed: WEEKDAY_NAMES,
  },
  {
    name: 'fahrzeugBuchungsfensterStunde',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '0',
    description: 'Stunde (0–23), zu der sich das Buchungsfenster am Wochentag verlängert',
    layers: TENANT,
    integer: true,
    min: 0,
    max: 23,
  },
  {
    name: 'fahrzeugMindestbuchungsdauerMinuten',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '30',
    description: 'Mindestdauer einer Fahrzeugbuchung in Minuten',
    layers: RULE,
    ...minutes(),
  },
  {
    name: 'fahrzeugGastbuchungAktiv',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description: 'Gäste dürfen freigegebene Fahrzeuge buchen',
    layers: TENANT,
  },
  {
    name: 'fahrzeugGastBestaetigungNoetig',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'true',
    description: 'Gastbuchungen gelten erst nach Bestätigung per E-Mail',
    layers: TENANT,
  },
  {
    name: 'fahrzeugIndividuelleBuchungszeiten',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description: 'Fahrzeuge haben eigene Buchungszeiten statt der Standardzeit 09:00 bis 18:00',
    layers: TENANT,
  },
  {
    name: 'fahrzeugBuchungAusserhalbZeiten',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description: 'Buchungen außerhalb der Buchungszeiten sind mit Freigabe (Sonderfahrt) möglich',
    layers: TENANT,
  },
  {
    name: 'fahrzeugAbteilungspruefung',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description: 'Fahrzeuge sind nur für Personen der zugeordneten Abteilungen buchbar',
    layers: TENANT,
  },
  {
    name: 'fuehrerscheinPruefintervallMonate',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '6',
    description: 'Monate zwischen zwei Führerscheinprüfungen (nächste Prüfung = letzte Prüfung + Intervall)',
    layers: TENANT,
    integer: true,
    min: 1,
    max: 120,
  },
  {
    name: 'fuehrerscheinErinnerungTage',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '14',
    description: 'Tage vor der nächsten Prüfung, ab denen an die fällige Führerscheinprüfung erinnert wird',
    layers: TENANT,
    integer: true,
    min: 0,
    max: 365,
  },
  {
    name: 'fuehrerscheinMaximaleLueckeTage',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '0',
    description: 'Tage nach einer verpassten Führerscheinprüfung, in denen eine gebuchte Fahrt noch gestartet werden darf (0 = keine)',
    layers: TENANT,
    integer: true,
    min: 0,
    max: 90,
  },
  {
    name: 'fuehrerscheinScansSpeichern',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description: 'Prüfende dürfen einen Scan des Führerscheins zur Prüfung ablegen (aus Gründen der Datensparsamkeit standardmäßig aus)',
    layers: TENANT,
  },
  {
    name: 'fahrzeugReportMailadressen',
    feature: 'fahrzeug',
    type: 'array',
    defaultValue: '[]',
    description: 'E-Mail-Adressen, die den Fahrtenbuch-Bericht erhalten',
    layers: TENANT,
    items: 'email',
  },
  {
    name: 'fahrzeugReportRhythmus',
    feature: 'fahrzeug',
    type: 'string',
    defaultValue: 'monatlich',
    description: 'Rhythmus des Fahrtenbuch-Berichts (Monatsabstand 1, 3, 6 oder 12)',
    layers: TENANT,
    allowed: REPORT_RHYTHMS,
  },
  {
    name: 'fahrzeugCheckOutErinnerungszeiten',
    feature: 'fahrzeug',
    type: 'array',
    defaultValue: '["18:00"]',
    description: 'Uhrzeiten, zu denen an einen fehlenden Check-out erinnert wird',
    layers: TENANT,
    items: 'time',
  },
  {
    name: 'fahrzeugCheckInVorBeginnMinuten',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '15',
    description: 'Wie viele Minuten vor Buchungsbeginn der Check-in möglich ist',
    layers: TENANT,
    ...minutes(),
  },
  {
    name: 'fahrzeugAutoStornoOhneCheckInMinuten',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '30',
    description: 'Minuten nach Buchungsbeginn ohne Check-in, nach denen automatisch storniert wird',
    layers: TENANT,
    ...minutes(),
  },
  {
    name: 'fahrzeugHinweisVorCheckOutMinuten',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '15',
    description: 'Hinweis so viele Minuten vor Buchungsende, die Fahrt zu beenden; 0 = kein Hinweis',
    layers: ALL,
    ...minutes(),
  },
  {
    name: 'verschmutzungsgrenzeInnen',
    feature: 'fahrzeug',
    type: 'string',
    defaultValue: 'stark verschmutzt',
    description: 'Verschmutzung innen, ab der beim Check-out eine E-Mail an die Fuhrparkleitung verschickt wird',
    layers: TENANT,
    allowed: CLEANLINESS_STATES,
  },
  {
    name: 'verschmutzungsgrenzeAussen',
    feature: 'fahrzeug',
    type: 'string',
    defaultValue: 'stark verschmutzt',
    description: 'Verschmutzung außen, ab der beim Check-out eine E-Mail an die Fuhrparkleitung verschickt wird',
    layers: TENANT,
    allowed: CLEANLINESS_STATES,
  },
  {
    name: 'fahrzeugBuchungszeitenAlsAbholRueckgabe',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description:
      'Buchungszeiten gelten als Abhol- und Rückgabezeiten: Buchungen über mehrere Tage sind möglich, wenn Beginn und Ende in den Buchungszeiten ihres Tages liegen und jeder Tag ein Buchungstag ist',
    layers: TENANT,
  },
  {
    name: 'fahrzeugBuchendeSichtbar',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description:
      'Alle Buchenden sehen, für wen ein Fahrzeug gebucht ist; sonst sehen nur Fuhrparkpflege und Fremdbuchende die Namen, alle anderen nur ihre eigenen Buchungen',
    layers: TENANT,
  },
  {
    name: 'leseraumEinPlatzProPerson',
    feature: 'leseraum',
    type: 'boolean',
    defaultValue: 'true',
    description:
      'Eine Person kann im Leseraum und in der Arbeitswelt zur selben Zeit nur einen Platz für sich buchen; Vormerkungen für andere zählen nicht',
    layers: TENANT,
  },
  // Where my team sits (decision 110): off for the tenant and for every person until switched on.
  {
    name: 'teamSitzplaetze',
    feature: 'leseraum',
    type: 'boolean',
    defaultValue: 'false',
    description:
      'In der Arbeitswelt sehen zustimmende Personen, wo zustimmende Kolleginnen und Kollegen ihrer Abteilung und ihre Favoriten sitzen',
    layers: TENANT,
  },
  {
    name: 'teamSitzplatzFreigabe',
    feature: 'leseraum',
    type: 'boolean',
    defaultValue: 'false',
    description: 'Die Person stimmt zu, dass Abteilung und Favoriten ihren Schreibtisch sehen, und sieht selbst deren Schreibtische',
    layers: USER,
  },
  {
    name: 'teamFavoriten',
    feature: 'leseraum',
    type: 'array',
    defaultValue: '[]',
    description: 'IDs der Kolleginnen und Kollegen, deren Schreibtisch die Person zusätzlich zur Abteilung sehen möchte',
    layers: USER,
    items: 'id',
  },
  // Guests (decision 052)
  {
    name: 'fahrzeugGastKontakt',
    feature: 'fahrzeug',
    type: 'string',
    defaultValue: '',
    description: 'Ansprechpartner für Gäste (z. B. Empfang, Telefon, E-Mail), auf der Stornoseite und in Gast-Mails genannt',
    layers: TENANT,
  },
  {
    name: 'fahrzeugGastFreigabeVorBeginnMinuten',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '120',
    description: 'Unbestätigte Gastbuchungen werden so viele Minuten vor Beginn storniert und das Fahrzeug freigegeben',
    layers: TENANT,
    ...minutes(10080),
  },
  {
    name: 'gastverleihAktiv',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description: 'Öffentliche Seite /public für den Gästeverleih (Räder ohne Anmeldung anfragen) ist eingeschaltet',
    layers: TENANT,
  },
  {
    name: 'gastverleihAnfrageGueltigMinuten',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '60',
    description: 'Minuten, in denen eine Anfrage im Gästeverleih per E-Mail bestätigt werden muss, sonst verfällt sie',
    layers: TENANT,
    integer: true,
    min: 5,
    max: 1440,
  },
  {
    name: 'gastverleihMaxOffeneAnfragen',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '2',
    description: 'Höchstzahl offener (unbestätigter) Anfragen je E-Mail-Adresse im Gästeverleih',
    layers: TENANT,
    integer: true,
    min: 1,
    max: 20,
  },
  {
    name: 'gastverleihTelefonPflicht',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description: 'Im Gästeverleih muss eine Telefonnummer angegeben werden',
    layers: TENANT,
  },
  {
    name: 'fahrtenbuchKorrekturfristTage',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '7',
    description: 'Tage nach einer Fahrt, in denen die fahrende Person ihren Fahrtenbucheintrag selbst korrigieren darf',
    layers: TENANT,
    integer: true,
    min: 0,
    max: 365,
  },
  {
    name: 'fahrtenbuchFahrtarten',
    feature: 'fahrzeug',
    type: 'array',
    defaultValue: '["dienstlich"]',
    description: 'Fahrtarten, die im Fahrtenbuch gewählt werden können (dienstlich ist immer erlaubt; privat, Arbeitsweg)',
    layers: TENANT,
    items: 'string',
    allowed: ['dienstlich', 'privat', 'Arbeitsweg'],
  },
  {
    name: 'fahrzeugUvvIntervallMonate',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '12',
    description:
      'Monate zwischen zwei UVV-Prüfungen eines Fahrzeugs (DGUV Vorschrift 70: mindestens jährlich); die nächste Fälligkeit ist die Prüfung plus dieses Intervall, wenn im Serviceheft kein Datum eingetragen wird',
    layers: TENANT,
    integer: true,
    min: 1,
    max: 24,
  },
  {
    name: 'fahrzeugUvvSperre',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description:
      'Eine überfällige UVV-Prüfung oder das Ergebnis „Mängel – nicht betriebssicher“ sperrt das Fahrzeug für Buchungen und Fahrtantritte',
    layers: TENANT,
  },
  {
    name: 'unterweisungIntervallMonate',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '12',
    description:
      'Monate zwischen zwei Fahrerunterweisungen (DGUV Vorschrift 1 § 4: mindestens jährlich); die nächste Fälligkeit ist die letzte Bestätigung plus dieses Intervall',
    layers: TENANT,
    integer: true,
    min: 1,
    max: 24,
  },
  {
    name: 'unterweisungErinnerungTage',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '14',
    description: 'Tage vor der Fälligkeit der Fahrerunterweisung, ab denen sie als bald fällig gilt und an sie erinnert wird',
    layers: TENANT,
    integer: true,
    min: 0,
    max: 365,
  },
  {
    name: 'unterweisungSperre',
    feature: 'fahrzeug',
    type: 'boolean',
    defaultValue: 'false',
    description: 'Ohne gültige Fahrerunterweisung können Fahrende keine Fahrzeuge buchen und keine Fahrten antreten',
    layers: TENANT,
  },
  {
    name: 'fahrzeugWartungVorlaufTage',
    feature: 'fahrzeug',
    type: 'number',
    defaultValue: '30',
    description:
      'Tage vor der nächsten Hauptuntersuchung oder Inspektion, ab denen die Fahrzeugliste sie als fällig markiert und die Fuhrparkleitung eine Erinnerung per E-Mail erhält',
    layers: TENANT,
    integer: true,
    min: 0,
    max: 365,
  },
] as const satisfies readonly SettingOption[];

type CatalogueEntry = (typeof CATALOGUE)[number];
/** The name of an option of the catalogue; any other string is a type error where a setting is read. */
export type SettingName = CatalogueEntry['name'];
/** The catalogue entry of one option, with its literal type, limits and vocabulary. */
export type SettingOptionOf<N extends SettingName> = Extract<CatalogueEntry, { name: N }>;

/**
 * The value an option holds, derived from the fields isValidSettingValue
 * checks: number, boolean, a time or free text as string, a vocabulary as its
 * union, an array by its items. An option not known at compile time (a name
 * from a request) gives unknown.
 */
export type OptionValue<O> = O extends { type: 'number' }
  ? number
  : O extends { type: 'boolean' }
    ? boolean
    : O extends { type: 'time' }
      ? string
      : O extends { type: 'string'; allowed: readonly (infer A)[] }
        ? A
        : O extends { type: 'string' }
          ? string
          : O extends { type: 'array'; items: 'string'; allowed: readonly (infer A)[] }
            ? A[]
            : O extends { type: 'array'; items: 'number' }
              ? number[]
              : O extends { type: 'array'; items: 'id' }
                ? (string | number)[]
                : O extends { type: 'array'; items: 'string' | 'time' | 'email' }
                  ? string[]
                  : O extends { type: 'array' }
                    ? (string | number | boolean)[]
                    : unknown;

/** The effective value of a named option: `SettingValue<'fahrzeugWartungVorlaufTage'>` is number. */
export type SettingValue<N extends SettingName> = OptionValue<SettingOptionOf<N>>;
/** Every option's value by its name; `Pick<SettingValues, …>` is what a read of several options returns. */
export type SettingValues = { [N in SettingName]: SettingValue<N> };

/** Every option, in the order the settings screens show them. */
export const SETTING_CATALOGUE: readonly SettingOption<SettingName>[] = CATALOGUE;

const BY_NAME: ReadonlyMap<string, CatalogueEntry> = new Map(CATALOGUE.map((o) => [o.name, o]));

function lookup(name: string): CatalogueEntry {
  const option = BY_NAME.get(name);
  if (!option)
    throw new AppError(
      'setting_option_missing',
      { de: `keine CustomizingOption ${name} gefunden`, en: `No setting option ${name} found.` },
      404,
    );
  return option;
}

/** The catalogue entry of an option the code names; a misspelt name does not compile. */
export function findOption<N extends SettingName>(name: N): SettingOptionOf<N> {
  return lookup(name) as SettingOptionOf<N>;
}

/** The option a request names (a path parameter, a form): unknown names are refused with 404. */
export function requestedOption(name: string): SettingOption<SettingName> {
  return lookup(name);
}

/** An option's default, decoded: `settingDefault('fuehrerscheinPruefintervallMonate')` is the number 6. */
export function settingDefault<N extends SettingName>(name: N): SettingValue<N> {
  const option = findOption(name);
  return decodeSettingValue(option, option.defaultValue);
}

// Deliberately loose: the mail server is the real check; this only keeps
// obvious garbage (blanks, missing @ or domain) out of the report list.
function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
}

function isValidNumber(option: SettingOption, value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (option.integer && !Number.isSafeInteger(value)) return false;
  if (option.min !== undefined && value < option.min) return false;
  if (option.max !== undefined && value > option.max) return false;
  return true;
}

function isValidItem(option: SettingOption, item: unknown): boolean {
  switch (option.items) {
    case undefined:
      return ['string', 'number', 'boolean'].includes(typeof item);
    case 'string':
      return typeof item === 'string' && (!option.allowed || option.allowed.includes(item));
    case 'number':
      return typeof item === 'number' && Number.isFinite(item);
    case 'id':
      return (typeof item === 'string' && item !== '') || Number.isSafeInteger(item);
    case 'time':
      return isValidTime(item);
    case 'email':
      return typeof item === 'string' && isEmail(item);
  }
}

/** The type check of docs/product.md#settings, plus the option's own limits and vocabulary; a value that passes has the option's type. */
export function isValidSettingValue<O extends SettingOption>(option: O, value: unknown): value is OptionValue<O> {
  switch (option.type) {
    case 'number':
      return isValidNumber(option, value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string' && (!option.allowed || option.allowed.includes(value));
    case 'time':
      return isValidTime(value);
    case 'array':
      return Array.isArray(value) && value.every((item) => isValidItem(option, item));
  }
}

function display(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The stored text of a value. A value from code must already have the option's
 * type; a value from a request (an option looked up by its name) may be
 * anything and is checked here by the same rule.
 */
export function encodeSettingValue<O extends SettingOption>(option: O, value: OptionValue<O>, layer: SettingLayer): string {
  if (!option.layers.includes(layer) || !isValidSettingValue(option, value)) {
    const shown = display(value);
    throw new AppError(
      'setting_value_invalid',
      {
        de: `Neuer Customizing Wert ${shown} konnte nicht in Schicht ${layer} gespeichert werden`,
        en: `New setting value ${shown} could not be saved at layer ${layer}.`,
      },
      400,
    );
  }
  // numbers and booleans as their text, strings and times as they are
  return option.type === 'array' ? JSON.stringify(value) : String(value);
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

function parseStored<O extends SettingOption>(option: O, text: string): { ok: true; value: OptionValue<O> } | { ok: false } {
  let value: unknown;
  switch (option.type) {
    case 'number':
      if (!DECIMAL.test(text.trim())) return { ok: false };
      value = Number(text.trim());
      break;
    case 'boolean':
      // '1' and '0' are read because older rows hold them (docs/product.md#settings: EnableDebug also reads 1).
      if (text === 'true' || text === '1') value = true;
      else if (text === 'false' || text === '0') value = false;
      else return { ok: false };
      break;
    case 'string':
    case 'time':
      value = text;
      break;
    case 'array':
      try {
        value = JSON.parse(text);
      } catch {
        return { ok: false };
      }
      break;
  }
  return isValidSettingValue(option, value) ? { ok: true, value } : { ok: false };
}

export function decodeSettingValue<O extends SettingOption>(option: O, text: string): OptionValue<O> {
  const parsed = parseStored(option, text);
  if (!parsed.ok) {
    throw new AppError(
      'setting_stored_invalid',
      {
        de: `Gespeicherter Customizing Wert ${text} für ${option.name} ist ungültig`,
        en: `Stored setting value ${text} for ${option.name} is invalid.`,
      },
      500,
    );
  }
  return parsed.value;
}

export interface LayeredValues {
  user?: string | null;
  groups?: readonly { groupName: string; value: string }[];
  tenant?: string | null;
}

export interface ResolvedSetting<V = unknown> {
  value: V;
  source: SettingLayer | 'DEFAULT';
  /** Set when the value comes from a group. */
  groupName?: string;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Precedence (docs/product.md#settings-precedence): user, then group, then tenant, then default. A layer the
 * option does not allow, or a stored text that no longer decodes (an old
 * vocabulary, a hand-edited row), is skipped rather than failing the screen.
 * Several groups: the group whose name sorts first by code units wins (ties on
 * the name by value), so the outcome never depends on the order the database
 * returns rows in.
 */
export function resolveSetting<O extends SettingOption>(option: O, values: LayeredValues): ResolvedSetting<OptionValue<O>> {
  const allows = (layer: SettingLayer): boolean => option.layers.includes(layer);
  if (allows('BENUTZER') && values.user != null) {
    const parsed = parseStored(option, values.user);
    if (parsed.ok) return { value: parsed.value, source: 'BENUTZER' };
  }
  if (allows('GRUPPE') && values.groups) {
    const sorted = [...values.groups].sort((a, b) => byCodeUnits(a.groupName, b.groupName) || byCodeUnits(a.value, b.value));
    for (const group of sorted) {
      const parsed = parseStored(option, group.value);
      if (parsed.ok) return { value: parsed.value, source: 'GRUPPE', groupName: group.groupName };
    }
  }
  if (allows('MANDANT') && values.tenant != null) {
    const parsed = parseStored(option, values.tenant);
    if (parsed.ok) return { value: parsed.value, source: 'MANDANT' };
  }
  return { value: decodeSettingValue(option, option.defaultValue), source: 'DEFAULT' };
}
