import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import type { ExportQuery } from '@contracts/logbook';
import { type Db, withTenant } from '@db/client';
import type { AccessedPerson } from '@domain/access-audit';
import { type TripKind, totalsByKind } from '@domain/logbook';
import { formatDate, formatTime } from '@domain/time';
import { exportVehicleIds, type LogbookRow, logbookTotals, revisionsOf, streamLogbook } from '@server/areas/logbook/logbook-repository';
import { findVehicle } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { kernelErrors } from '../../kernel/errors';
import { recordAccessOfMany } from '../privacy/public';
import { logbookErrors } from './errors';
import { dayRange } from './logbook';
import { PdfCells } from './pdf-cells';

/**
 * Logbook exports: Excel (exceljs streaming writer, rows committed as they
 * come) and PDF (pdfkit, pdfmake's engine, with pdfmake's embedded Roboto
 * fonts, so umlauts print and nothing is fetched). Both carry the tenant, the vehicle or "Alle
 * Fahrzeuge", the period, unexplained gaps, totals per trip kind and the
 * marked revision history.
 */

export const EXPORT_PERMISSION = 'fahrzeug_logbuch_report';

export function assertMayExport(user: UserContext): void {
  if (!user.permissions.has(EXPORT_PERMISSION)) {
    throw kernelErrors.fail('forbidden', { denial: `no ${EXPORT_PERMISSION}` });
  }
}

/** Whose logbook an export reads: a signed-in user's tenant, or a tenant a job works for. */
export interface ExportScope {
  tenant: { id: string; name: string };
}

export interface ExportHeader {
  tenantName: string;
  vehicle: string;
  period: string;
}

/** What an export showed, for its access audit (decision 155): its header and every driver of its rows. */
export interface ExportRead {
  header: ExportHeader;
  drivers: AccessedPerson[];
}

/** A written export file with what it showed. */
export interface ExportFile extends ExportRead {
  bytes: Buffer;
}

const HEADERS = [
  'Datum',
  'Beginn',
  'Ende',
  'Fahrzeug',
  'Kennzeichen',
  'km Beginn',
  'km Ende',
  'Strecke km',
  'Fahrer/in',
  'Ziel',
  'Zwischenhalt',
  'Reiseanlass',
  'Geschäftspartner',
  'Umweg',
  'Fahrtart',
  'Korrektur',
] as const;

const correctionMark = (r: LogbookRow) =>
  r.revision > 1 ? `Version ${r.revision}, korrigiert am ${formatDate(r.createdAt)} von ${r.createdByName ?? '–'}: ${r.note ?? ''}` : '';

function cells(r: LogbookRow): (string | number)[] {
  return [
    formatDate(r.startedAt),
    formatTime(r.startedAt),
    formatTime(r.endedAt),
    r.vehicleLabel,
    r.licensePlate,
    r.odometerStart,
    r.odometerEnd,
    r.odometerEnd - r.odometerStart,
    r.driverName,
    r.destination ?? '',
    r.stopover ?? '',
    r.kind === 'LUECKE' ? `Lückenerklärung: ${r.note ?? ''}` : (r.reason ?? ''),
    r.partner ?? '',
    r.detour ?? '',
    r.tripKind,
    correctionMark(r),
  ];
}

const gapText = (plate: string, from: number, to: number) => `Lücke ${plate}: km ${from} bis ${to} (${to - from} km) ohne Eintrag`;

/**
 * Walks the current entries once, in time order per vehicle, with unexplained
 * gaps per vehicle and totals per kind. Each vehicle is read in a transaction
 * of its own, so a long export never holds one open: other requests (and the
 * export's own progress) get through between vehicles, also on the embedded
 * database with its single connection. The logbook is append-only, so reading
 * vehicle by vehicle loses nothing.
 */
async function walk(
  db: Db,
  tenantId: string,
  f: { vehicleId?: string; from: Date; to: Date },
  onRow: (r: LogbookRow) => void | Promise<void>,
  onGap: (text: string) => void | Promise<void>,
): Promise<{ totals: Record<TripKind, number>; corrected: string[]; drivers: AccessedPerson[] }> {
  const totals: Record<TripKind, number> = { dienstlich: 0, privat: 0, Arbeitsweg: 0 };
  const corrected: string[] = [];
  const drivers = new Map<string, AccessedPerson>();
  const vehicleIds = f.vehicleId ? [f.vehicleId] : await withTenant(db, tenantId, (tx) => exportVehicleIds(tx, tenantId));
  for (const vehicleId of vehicleIds) {
    const batch = await withTenant(db, tenantId, async (tx) => {
      const rows: LogbookRow[] = [];
      for await (const b of streamLogbook(tx, tenantId, { ...f, vehicleId })) rows.push(...b);
      return rows;
    });
    let lastEnd: number | undefined;
    for (const r of batch) {
      if (lastEnd !== undefined && r.odometerStart > lastEnd) await onGap(gapText(r.licensePlate, lastEnd, r.odometerStart));
      lastEnd = Math.max(lastEnd ?? 0, r.odometerEnd);
      await onRow(r);
      if (r.revision > 1) corrected.push(r.entryId);
      drivers.set(r.driverId ?? `name:${r.driverName}`, { id: r.driverId, name: r.driverName });
    }
    const t = totalsByKind(batch);
    for (const k of Object.keys(totals) as TripKind[]) totals[k] += t[k];
  }
  return { totals, corrected, drivers: [...drivers.values()] };
}

/** Every version of the corrected entries, read in slices of 500, each in its own transaction. */
async function* revisionSlices(db: Db, tenantId: string, corrected: string[]): AsyncGenerator<LogbookRow[]> {
  for (let i = 0; i < corrected.length; i += 500) {
    yield await withTenant(db, tenantId, (tx) => revisionsOf(tx, tenantId, corrected.slice(i, i + 500)));
  }
}

async function header(tx: Db, user: ExportScope, q: ExportQuery): Promise<ExportHeader> {
  let vehicle = 'Alle Fahrzeuge';
  if (q.vehicleId) {
    const v = await findVehicle(tx, user.tenant.id, q.vehicleId, true);
    if (!v) throw logbookErrors.fail('vehicle_not_found');
    vehicle = `${v.brand} ${v.model} (${v.licensePlate})`;
  }
  return {
    tenantName: user.tenant.name,
    vehicle,
    period: `${q.from.split('-').reverse().join('.')} – ${q.to.split('-').reverse().join('.')}`,
  };
}

const TOTAL_LABEL: Record<TripKind, string> = {
  dienstlich: 'Summe dienstlich',
  privat: 'Summe privat',
  Arbeitsweg: 'Summe Arbeitsweg',
};

/**
 * Streams the xlsx to `out`: sheet "Fahrtenbuch" with the current entries,
 * gaps and totals, sheet "Korrekturen" with every version of corrected
 * entries. `onProgress` gets the number of rows written so far.
 */
export async function writeXlsx(
  deps: Pick<Deps, 'database'>,
  user: ExportScope,
  q: ExportQuery,
  out: Writable,
  onProgress?: (rows: number) => void | Promise<void>,
): Promise<ExportRead> {
  const tenantId = user.tenant.id;
  const f = { vehicleId: q.vehicleId, ...dayRange(q.from, q.to) };
  const db = deps.database.db;
  const h = await withTenant(db, tenantId, (tx) => header(tx, user, q));
  // Loaded on the first export, not at start: the idle server does not carry a generator it rarely runs (decision 195).
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Buchbar';
  const ws = wb.addWorksheet('Fahrtenbuch');
  ws.columns = HEADERS.map((hd) => ({ header: hd, key: hd, width: hd === 'Korrektur' ? 50 : 14 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  ws.addRow([`Fahrtenbuch ${h.tenantName}`]).commit();
  ws.addRow([`Fahrzeug: ${h.vehicle}`]).commit();
  ws.addRow([`Zeitraum: ${h.period}`]).commit();
  let n = 0;
  const { totals, corrected, drivers } = await walk(
    db,
    tenantId,
    f,
    async (r) => {
      const row = ws.addRow(cells(r));
      if (r.revision > 1) row.getCell(HEADERS.length).font = { bold: true, color: { argb: 'FFB00020' } };
      row.commit();
      n++;
      if (onProgress && n % 1000 === 0) await onProgress(n);
    },
    (text) => {
      const row = ws.addRow([text]);
      row.font = { italic: true, color: { argb: 'FFB00020' } };
      row.commit();
    },
  );
  for (const k of Object.keys(totals) as TripKind[]) ws.addRow([TOTAL_LABEL[k], '', '', '', '', '', '', totals[k]]).commit();
  ws.commit();
  const rs = wb.addWorksheet('Korrekturen');
  rs.columns = [{ header: 'Version', key: 'v', width: 10 }, ...HEADERS.map((hd) => ({ header: hd, key: hd, width: 14 }))];
  rs.getRow(1).font = { bold: true };
  rs.getRow(1).commit();
  for await (const slice of revisionSlices(db, tenantId, corrected)) {
    for (const r of slice) rs.addRow([r.revision === 1 ? 'Original' : `Version ${r.revision}`, ...cells(r)]).commit();
  }
  rs.commit();
  await wb.commit();
  if (onProgress) await onProgress(n);
  return { header: h, drivers };
}

export async function xlsxBuffer(deps: Pick<Deps, 'database'>, user: ExportScope, q: ExportQuery): Promise<ExportFile> {
  const pass = new PassThrough();
  const chunks: Buffer[] = [];
  pass.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => pass.on('end', resolve));
  const read = await writeXlsx(deps, user, q, pass);
  await done;
  return { ...read, bytes: Buffer.concat(chunks) };
}

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');

/** Column widths (pt) of the PDF table on landscape A4 and which of the cells they show. */
const PDF_COLUMNS: readonly { cell: number; width: number }[] = [
  { cell: 0, width: 46 },
  { cell: 1, width: 26 },
  { cell: 2, width: 26 },
  { cell: 4, width: 50 },
  { cell: 5, width: 40 },
  { cell: 6, width: 40 },
  { cell: 7, width: 34 },
  { cell: 8, width: 80 },
  { cell: 9, width: 120 },
  { cell: 11, width: 140 },
  { cell: 12, width: 100 },
  { cell: 14, width: 50 },
];
const MARGIN = 24;
const ROW = 11;

/**
 * The PDF, written row by row with pdfkit (pdfmake's own engine) and the
 * embedded Roboto fonts: landscape A4, header repeated on every page,
 * unexplained gaps and corrected entries in red (* = corrected), totals per
 * trip kind and every version of corrected entries at the end. pdfmake's
 * table layout measures every cell and took seconds for one vehicle-year;
 * fixed columns and cells written straight into the content stream with
 * cached glyph runs keep a vehicle-year under a second (decision 041, docs/performance/logbook.md).
 */
export async function writePdf(
  deps: Pick<Deps, 'database'>,
  user: ExportScope,
  q: ExportQuery,
  out: Writable,
  onProgress?: (rows: number) => void | Promise<void>,
): Promise<ExportRead> {
  const tenantId = user.tenant.id;
  const f = { vehicleId: q.vehicleId, ...dayRange(q.from, q.to) };
  // Loaded on the first export, not at start: the idle server does not carry a generator it rarely runs (decision 195).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: 'Fahrtenbuch', Creator: 'Buchbar' } });
  doc.registerFont('Roboto', path.join(fontDir, 'Roboto-Regular.ttf'));
  doc.registerFont('Roboto-Bold', path.join(fontDir, 'Roboto-Medium.ttf'));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', () => resolve());
    out.on('error', reject);
  });
  doc.pipe(out);
  const fast = new PdfCells(doc);
  const bottom = () => doc.page.height - MARGIN;
  let y = MARGIN;
  const line = (text: string, opts: { bold?: boolean; size?: number; color?: string } = {}) => {
    if (y + ROW > bottom()) newPage();
    doc
      .font(opts.bold ? 'Roboto-Bold' : 'Roboto')
      .fontSize(opts.size ?? 7)
      .fillColor(opts.color ?? '#000000')
      .text(text, MARGIN, y, { width: doc.page.width - 2 * MARGIN, lineBreak: false, ellipsis: true });
    y += (opts.size ?? 7) + 4;
  };
  const row = (cells: readonly string[], opts: { bold?: boolean; color?: string } = {}) => {
    doc
      .font(opts.bold ? 'Roboto-Bold' : 'Roboto')
      .fontSize(7)
      .fillColor(opts.color ?? '#000000');
    // long texts wrap inside their column: nothing of a tax record is cut off
    // (measuring the wrap only where a cell is wider than its column: most cells fit on one line)
    const fits = PDF_COLUMNS.map((c, i) => fast.width(cells[i] ?? '') <= c.width - 3);
    const height = Math.max(
      ROW,
      ...PDF_COLUMNS.map((c, i) => (fits[i] ? ROW : doc.heightOfString(cells[i] ?? '', { width: c.width - 3 }) + 3)),
    );
    if (y + height > bottom()) {
      newPage();
      doc
        .font(opts.bold ? 'Roboto-Bold' : 'Roboto')
        .fontSize(7)
        .fillColor(opts.color ?? '#000000');
    }
    // cells that fit go straight into the content stream in one go; wrapped ones through pdfkit
    const single: { text: string; x: number }[] = [];
    let x = MARGIN;
    PDF_COLUMNS.forEach((c, i) => {
      if (fits[i]) single.push({ text: cells[i] ?? '', x });
      else doc.text(cells[i] ?? '', x, y, { width: c.width - 3 });
      x += c.width;
    });
    fast.row(single, y);
    y += height;
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(x, y - 2)
      .lineWidth(0.3)
      .strokeColor('#cccccc')
      .stroke();
  };
  const headerRow = () =>
    row(
      PDF_COLUMNS.map((c) => HEADERS[c.cell]!),
      { bold: true },
    );
  const newPage = () => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: MARGIN });
    y = MARGIN;
    headerRow();
  };

  const db = deps.database.db;
  const h = await withTenant(db, tenantId, (tx) => header(tx, user, q));
  line(`Fahrtenbuch ${h.tenantName}`, { bold: true, size: 14 });
  line(`Fahrzeug: ${h.vehicle}`);
  line(`Zeitraum: ${h.period}`);
  y += 4;
  headerRow();
  let n = 0;
  const { totals, corrected, drivers } = await walk(
    db,
    tenantId,
    f,
    async (r) => {
      const c = cells(r);
      const marked = r.revision > 1;
      row(
        PDF_COLUMNS.map((col, i) => `${c[col.cell]}${marked && i === 0 ? ' *' : ''}`),
        { color: marked ? '#b00020' : '#000000' },
      );
      n++;
      if (onProgress && n % 1000 === 0) await onProgress(n);
    },
    (text) => line(text, { color: '#b00020' }),
  );
  y += 6;
  line('Summen je Fahrtart', { bold: true });
  for (const k of Object.keys(totals) as TripKind[]) line(`${TOTAL_LABEL[k]}: ${totals[k]} km`);
  if (corrected.length > 0) {
    y += 6;
    line('Korrekturen (* = korrigierter Eintrag, alle Versionen)', { bold: true });
    for await (const slice of revisionSlices(db, tenantId, corrected)) {
      for (const r of slice) {
        line(
          `${r.revision === 1 ? 'Original' : `Version ${r.revision}`} · ${formatDate(r.startedAt)} ${formatTime(r.startedAt)}–${formatTime(r.endedAt)} · ${r.licensePlate} · km ${r.odometerStart}–${r.odometerEnd} · ${r.destination ?? ''} · ${r.tripKind}${r.revision > 1 ? ` · ${correctionMark(r)}` : ''}`,
        );
      }
    }
  }
  doc.end();
  await finished;
  return { header: h, drivers };
}

/** Rows an export of `q` will write (the current entries of the period), for the progress of a background export. */
export async function exportRowCount(deps: Pick<Deps, 'database'>, tenantId: string, q: ExportQuery): Promise<number> {
  return withTenant(
    deps.database.db,
    tenantId,
    async (tx) => (await logbookTotals(tx, tenantId, { vehicleId: q.vehicleId, ...dayRange(q.from, q.to) })).count,
  );
}

export async function pdfBuffer(deps: Pick<Deps, 'database'>, user: ExportScope, q: ExportQuery): Promise<ExportFile> {
  const pass = new PassThrough();
  const chunks: Buffer[] = [];
  pass.on('data', (c: Buffer) => chunks.push(c));
  const read = await writePdf(deps, user, q, pass);
  return { ...read, bytes: Buffer.concat(chunks) };
}

/** The scope lines of an export's access entry: vehicle and period as the file's header names them. */
export const exportScopeLines = (h: ExportHeader) => [
  { field: 'Fahrzeug', value: h.vehicle },
  { field: 'Zeitraum', value: h.period },
];

/**
 * A download of an export by a holder of the logbook right: the file, and in
 * one transaction after it was written the audit entry naming every other
 * driver in it (decision 155); the bytes leave only once the entry is stored.
 */
export async function exportForDownload(
  deps: Pick<Deps, 'database'>,
  user: UserContext,
  q: ExportQuery,
  format: 'xlsx' | 'pdf',
): Promise<Buffer> {
  const file = format === 'xlsx' ? await xlsxBuffer(deps, user, q) : await pdfBuffer(deps, user, q);
  await withTenant(deps.database.db, user.tenant.id, (tx) =>
    recordAccessOfMany(
      tx,
      user.tenant.id,
      user.member,
      file.drivers,
      format === 'xlsx' ? 'fahrtenbuchexcel' : 'fahrtenbuchpdf',
      exportScopeLines(file.header),
    ),
  );
  return file.bytes;
}
