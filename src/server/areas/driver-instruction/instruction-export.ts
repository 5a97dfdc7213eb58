import type { InstructedDriverRow } from '@server/areas/driver-instruction/instruction-repository';

/** The fleet's list of a topic as an Excel workbook: German headers, one line per driver, most urgent first. */

const STATE: Record<string, string> = {
  gueltig: 'gültig',
  bald_faellig: 'bald fällig',
  ueberfaellig: 'überfällig',
  keine: 'keine Unterweisung',
};
const KIND: Record<string, string> = { app: 'in der App bestätigt', praesenz: 'Präsenzunterweisung' };
const HEADER = ['Name', 'E-Mail', 'Abteilung', 'Status', 'Letzte Unterweisung', 'Art', 'Fassung', 'Nächste Fälligkeit'];
const german = (day: string | null) => (day ? day.split('-').reverse().join('.') : '');

export async function instructionWorkbook(rows: readonly InstructedDriverRow[], topic: string, day: string) {
  // Loaded on the first export, not at start: the idle server does not carry a generator it rarely runs (decision 195).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Buchbar';
  const sheet = workbook.addWorksheet('Fahrerunterweisung');
  sheet.addRow([`Fahrerunterweisung ${topic ? `– ${topic}` : '– allgemein'}, Stand ${german(day)}`]).font = { bold: true };
  sheet.addRow(HEADER).font = { bold: true };
  for (const r of rows) {
    sheet.addRow([
      `${r.lastName}, ${r.firstName}`,
      r.email,
      r.departmentName ?? '',
      STATE[r.state] ?? r.state,
      german(r.lastOn),
      r.lastKind ? (KIND[r.lastKind] ?? r.lastKind) : '',
      r.lastVersion ?? '',
      german(r.nextDue),
    ]);
  }
  sheet.columns.forEach((column, i) => {
    column.width = Math.min(40, Math.max(HEADER[i]!.length, ...rows.map((r) => String(Object.values(r)[i] ?? '').length)) + 2);
  });
  sheet.views = [{ state: 'frozen', ySplit: 2 }];
  return {
    filename: `unterweisung_${day}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
