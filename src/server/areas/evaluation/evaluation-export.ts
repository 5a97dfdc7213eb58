import type { EvaluationMonth, ExportFormat, OfficeEvaluation, OfficeTable, VehicleEvaluation, VehicleTable } from '@contracts/evaluation';
import { type CsvCell, toCsv } from '@domain/evaluation';

/** One downloadable table: a sheet name, German column headers and the cells. */
export interface ExportTable {
  title: string;
  header: string[];
  rows: CsvCell[][];
}

const WEEKDAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
const AREA: Record<string, string> = { leseraum: 'Leseraum', arbeitswelt: 'Arbeitswelt' };
const KIND: Record<string, string> = { platz: 'Platz', raum: 'Raum' };
const NO_DEPARTMENT = 'ohne Abteilung';

const germanMonth = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;

export function officeTable(data: OfficeEvaluation, table: OfficeTable): ExportTable {
  switch (table) {
    case 'grundrisse':
      return {
        title: 'Auslastung je Grundriss',
        header: [
          'Grundriss',
          'Bereich',
          'Lokation',
          'Plätze',
          'Buchungen',
          'Gebuchte Stunden',
          'Angebotene Stunden',
          'Auslastung %',
          'Stornoquote %',
          'No-Show-Quote %',
        ],
        rows: data.floorPlans.map((p) => [
          p.floorPlan,
          AREA[p.area] ?? p.area,
          p.location,
          p.places,
          p.bookings,
          p.bookedHours,
          p.capacityHours,
          p.utilisation,
          p.cancellationRate,
          p.noShowRate,
        ]),
      };
    case 'wochentage':
      return {
        title: 'Auslastung je Wochentag',
        header: ['Grundriss', ...WEEKDAYS.map((d) => `${d} %`)],
        rows: data.heatmap.map((h) => [h.floorPlan, ...h.weekdays]),
      };
    case 'plaetze':
      return {
        title: 'Auslastung je Platz und Raum',
        header: ['Grundriss', 'Platz/Raum', 'Art', 'Buchungen', 'Gebuchte Stunden', 'Auslastung %', 'Stornoquote %', 'No-Show-Quote %'],
        rows: data.objects.map((o) => [
          o.floorPlan,
          o.designation,
          KIND[o.kind] ?? o.kind,
          o.bookings,
          o.bookedHours,
          o.utilisation,
          o.cancellationRate,
          o.noShowRate,
        ]),
      };
    case 'abteilungen':
      return {
        title: 'Buchungen je Abteilung',
        header: ['Abteilung', 'Buchungen', 'Gebuchte Stunden', 'Stornoquote %', 'No-Show-Quote %'],
        rows: data.departments.map((d) => [d.department ?? NO_DEPARTMENT, d.bookings, d.bookedHours, d.cancellationRate, d.noShowRate]),
      };
  }
}

export function vehicleTable(data: VehicleEvaluation, table: Exclude<VehicleTable, 'monate'>): ExportTable {
  switch (table) {
    case 'fahrzeuge':
      return {
        title: 'Auslastung je Fahrzeug',
        header: ['Kennzeichen', 'Fahrzeug', 'Lokation', 'Buchungen', 'Fahrten', 'Stornos', 'Gebuchte Stunden', 'Auslastung %', 'Kilometer'],
        rows: data.vehicles.map((v) => [
          v.licensePlate,
          v.vehicle,
          v.location,
          v.bookings,
          v.trips,
          v.cancelled,
          v.bookedHours,
          v.utilisation,
          v.kilometres,
        ]),
      };
    case 'flotte':
      return {
        title: 'Flotte je Monat',
        header: ['Monat', 'Buchungen', 'Fahrten', 'Stornos', 'Gebuchte Stunden', 'Auslastung %', 'Kilometer'],
        rows: data.months.map((m) => [germanMonth(m.month), m.bookings, m.trips, m.cancelled, m.bookedHours, m.utilisation, m.kilometres]),
      };
    case 'abteilungen':
      return {
        title: 'Fahrten je Abteilung',
        header: ['Abteilung', 'Buchungen', 'Fahrten', 'Kilometer'],
        rows: data.departments.map((d) => [d.department ?? NO_DEPARTMENT, d.bookings, d.trips, d.kilometres]),
      };
  }
}

/** Per vehicle and month: the one table too long for the screen, so it is read in full only here. */
export function vehicleMonthsTable(rows: ({ licensePlate: string; vehicle: string } & EvaluationMonth)[]): ExportTable {
  return {
    title: 'Auslastung je Fahrzeug und Monat',
    header: ['Kennzeichen', 'Fahrzeug', 'Monat', 'Buchungen', 'Fahrten', 'Stornos', 'Gebuchte Stunden', 'Auslastung %', 'Kilometer'],
    rows: rows.map((m) => [
      m.licensePlate,
      m.vehicle,
      germanMonth(m.month),
      m.bookings,
      m.trips,
      m.cancelled,
      m.bookedHours,
      m.utilisation,
      m.kilometres,
    ]),
  };
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

const germanDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** The table as a CSV (German Excel dialect) or an Excel workbook with one sheet and a period line. */
export async function exportFile(table: ExportTable, slug: string, from: string, to: string, format: ExportFormat): Promise<ExportFile> {
  const filename = `${slug}_${from}_${to}.${format}`;
  if (format === 'csv') {
    return { filename, contentType: 'text/csv; charset=utf-8', body: Buffer.from(toCsv(table.header, table.rows), 'utf8') };
  }
  // Loaded on the first export, not at start: the idle server does not carry a generator it rarely runs (decision 195).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Buchbar';
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(table.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  sheet.addRow([`${table.title}, ${germanDay(from)} – ${germanDay(to)}`]).font = { bold: true };
  const header = sheet.addRow(table.header);
  header.font = { bold: true };
  for (const row of table.rows) sheet.addRow(row);
  sheet.columns.forEach((column, i) => {
    const widest = Math.max(table.header[i]?.length ?? 8, ...table.rows.map((r) => String(r[i] ?? '').length));
    column.width = Math.min(40, widest + 2);
  });
  sheet.views = [{ state: 'frozen', ySplit: 2 }];
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { filename, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body };
}
