import { createRequire } from 'node:module';
import path from 'node:path';
import type { CostReport, CostRow } from '@contracts/fleet-costs';
import { exportFile } from '@server/areas/evaluation/public';

/** The cost report as an Excel workbook or a PDF (landscape A4), German headers, one line per vehicle and the fleet. */

const HEADER = [
  'Kennzeichen',
  'Fahrzeug',
  'Lokation',
  'Kraftstoff €',
  'Laden €',
  'Service €',
  'Reparatur €',
  'Sonstiges €',
  'Gesamt €',
  'Kilometer',
  'Gebuchte Stunden',
  '€/km',
  '€/Stunde',
  'l/100 km',
  'kWh/100 km',
];

type Figures = CostReport['fleet'];
const cells = (f: Figures) => [
  f.fuel,
  f.charging,
  f.service,
  f.repair,
  f.other,
  f.total,
  f.kilometres,
  f.bookedHours,
  f.perKilometre ?? '',
  f.perBookedHour ?? '',
  f.litresPer100 ?? '',
  f.kwhPer100 ?? '',
];
const rowOf = (v: CostRow) => [v.licensePlate, v.vehicle, v.location, ...cells(v)];

export const costTable = (r: CostReport) => ({
  title: 'Kosten je Fahrzeug',
  header: HEADER,
  rows: [...r.vehicles.map(rowOf), ['Flotte', `${r.vehicles.length} Fahrzeuge`, '', ...cells(r.fleet)]],
});

export async function costExport(r: CostReport, format: 'xlsx' | 'pdf') {
  if (format === 'xlsx') return exportFile(costTable(r), 'kosten', r.from, r.to, 'xlsx');
  return { filename: `kosten_${r.from}_${r.to}.pdf`, contentType: 'application/pdf', body: await costPdf(r) };
}

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const germanDay = (day: string) => day.split('-').reverse().join('.');
const de2 = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const de1 = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });
const show = (v: string | number) => (typeof v === 'number' ? (Number.isInteger(v) ? v.toLocaleString('de-DE') : de2.format(v)) : v);

const MARGIN = 28;
const WIDTHS = [62, 110, 80, 50, 46, 46, 50, 50, 54, 50, 46, 36, 44, 38, 48];

async function costPdf(r: CostReport): Promise<Buffer> {
  // Loaded on the first export, not at start: the idle server does not carry a generator it rarely runs (decision 195).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: 'Fahrzeugkosten', Creator: 'Buchbar' } });
  doc.registerFont('Roboto', path.join(fontDir, 'Roboto-Regular.ttf'));
  doc.registerFont('Roboto-Bold', path.join(fontDir, 'Roboto-Medium.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  let y = MARGIN;
  const row = (values: (string | number)[], bold = false) => {
    if (y + 12 > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    doc
      .font(bold ? 'Roboto-Bold' : 'Roboto')
      .fontSize(7)
      .fillColor('#000000');
    let x = MARGIN;
    values.forEach((v, i) => {
      doc.text(String(show(v)), x, y, { width: WIDTHS[i]! - 4, lineBreak: false, ellipsis: true });
      x += WIDTHS[i]!;
    });
    y += 12;
  };
  doc
    .font('Roboto-Bold')
    .fontSize(14)
    .text(`Fahrzeugkosten ${germanDay(r.from)} – ${germanDay(r.to)}`, MARGIN, y);
  y += 22;
  doc
    .font('Roboto')
    .fontSize(8)
    .text(
      `${r.vehicles.length} Fahrzeuge · Gesamt ${de2.format(r.fleet.total)} € · ${r.fleet.kilometres.toLocaleString('de-DE')} km · ` +
        `${r.fleet.perKilometre === null ? '–' : `${de2.format(r.fleet.perKilometre)} €/km`} · ` +
        `Verbrauch ${r.fleet.litresPer100 === null ? '–' : `${de1.format(r.fleet.litresPer100)} l/100 km`}, ` +
        `${r.fleet.kwhPer100 === null ? '–' : `${de1.format(r.fleet.kwhPer100)} kWh/100 km`}`,
      MARGIN,
      y,
    );
  y += 18;
  const table = costTable(r);
  row(table.header, true);
  for (const values of table.rows.slice(0, -1)) row(values as (string | number)[]);
  row(table.rows.at(-1) as (string | number)[], true);
  doc.end();
  return done;
}
