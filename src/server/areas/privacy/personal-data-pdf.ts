import { createRequire } from 'node:module';
import path from 'node:path';
import { formatDate, formatDateTime } from '@domain/time';
import type { PersonalDataKind } from './personal-data-repository';

/**
 * The readable summary of a person's data export (decision 105): one PDF in
 * the person's language with a section per kind and every record as lines of
 * "label: value". pdfmake's embedded Roboto fonts, so umlauts print and nothing
 * is fetched.
 */

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');

type Locale = 'de-de' | 'en-us';

const TEXTS: Record<
  Locale,
  { title: string; intro: string; person: string; tenant: string; created: string; none: string; files: string }
> = {
  'de-de': {
    title: 'Ihre bei Buchbar gespeicherten Daten',
    intro:
      'Diese Auskunft nach Art. 15 DSGVO fasst zusammen, was Buchbar über Sie speichert. Die JSON-Dateien im selben ZIP-Archiv enthalten dieselben Daten maschinenlesbar (Art. 20 DSGVO).',
    person: 'Person',
    tenant: 'Mandant',
    created: 'Erstellt am',
    none: 'Keine Einträge.',
    files: 'Datei',
  },
  'en-us': {
    title: 'Your data stored in Buchbar',
    intro:
      'This information under Art. 15 GDPR summarises what Buchbar stores about you. The JSON files in the same ZIP archive contain the same data in machine-readable form (Art. 20 GDPR).',
    person: 'Person',
    tenant: 'Client',
    created: 'Created on',
    none: 'No entries.',
    files: 'File',
  },
};

export const KIND_TITLES: Record<Locale, Record<PersonalDataKind, string>> = {
  'de-de': {
    profil: 'Profil',
    abteilung: 'Abteilung',
    mitgliedschaften: 'Gruppen und Rollen',
    berechtigungen: 'Direkte Berechtigungen',
    einstellungen: 'Persönliche Einstellungen',
    platzbuchungen: 'Platz- und Arbeitsplatzbuchungen',
    fahrzeugbuchungen: 'Fahrzeugbuchungen',
    fahrten: 'Fahrten im Fahrtenbuch',
    fuehrerschein: 'Führerschein und Prüfungen',
    unterweisungen: 'Fahrerunterweisungen',
    abfahrtskontrollen: 'Abfahrtskontrollen Ihrer Fahrten',
    schaeden: 'Von Ihnen gemeldete Schäden',
    belege: 'Tank- und Ladebelege',
    schliessfaecher: 'Schließfächer',
    kalender: 'Kalender-Abo',
    sitzungen: 'Angemeldete Geräte',
    passkeys: 'Passkeys',
  },
  'en-us': {
    profil: 'Profile',
    abteilung: 'Department',
    mitgliedschaften: 'Groups and roles',
    berechtigungen: 'Direct permissions',
    einstellungen: 'Personal settings',
    platzbuchungen: 'Seat and desk bookings',
    fahrzeugbuchungen: 'Vehicle bookings',
    fahrten: 'Trips in the logbook',
    fuehrerschein: 'Driving licence and checks',
    unterweisungen: 'Driver instructions',
    abfahrtskontrollen: 'Pre-trip checks of your trips',
    schaeden: 'Damages you reported',
    belege: 'Fuel and charging receipts',
    schliessfaecher: 'Lockers',
    kalender: 'Calendar subscription',
    sitzungen: 'Signed-in devices',
    passkeys: 'Passkeys',
  },
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One value as a reader sees it: dates DD.MM.YYYY, instants in Europe/Berlin, yes/no in the language. */
function show(value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '–';
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'boolean') return locale === 'en-us' ? (value ? 'yes' : 'no') : value ? 'ja' : 'nein';
  if (Array.isArray(value)) return value.map((v) => show(v, locale)).join(', ');
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatDate(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(new Date(value));
  return String(value);
}

export interface PdfSection {
  kind: PersonalDataKind;
  rows: Record<string, unknown>[];
}

export async function personalDataPdf(
  locale: Locale,
  head: { personName: string; email: string; tenantName: string; createdAt: Date },
  sections: PdfSection[],
): Promise<Buffer> {
  const t = TEXTS[locale];
  // Loaded on the first export, not at start: the idle server does not carry a generator it rarely runs (decision 195).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: t.title, Creator: 'Buchbar' } });
  doc.registerFont('Roboto', path.join(fontDir, 'Roboto-Regular.ttf'));
  doc.registerFont('Roboto-Bold', path.join(fontDir, 'Roboto-Medium.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 100;
  doc.font('Roboto-Bold').fontSize(16).fillColor('#000000').text(t.title, 50, 50, { width });
  doc.font('Roboto').fontSize(10).text(t.intro, { width });
  doc.text(`${t.person}: ${head.personName} (${head.email})`, { width });
  doc.text(`${t.tenant}: ${head.tenantName}`, { width });
  doc.text(`${t.created}: ${formatDateTime(head.createdAt)}`, { width });
  for (const s of sections) {
    doc.font('Roboto-Bold').fontSize(12).text(' ', { width }).text(`${KIND_TITLES[locale][s.kind]} (${s.rows.length})`, { width });
    doc.font('Roboto').fontSize(8).fillColor('#555555').text(`${t.files}: ${s.kind}.json`, { width }).fillColor('#000000').fontSize(9);
    if (s.rows.length === 0) doc.text(t.none, { width });
    for (const row of s.rows) {
      doc.text(
        Object.entries(row)
          .map(([k, v]) => `${k}: ${show(v, locale)}`)
          .join(' · '),
        { width },
      );
    }
  }
  doc.end();
  return done;
}
