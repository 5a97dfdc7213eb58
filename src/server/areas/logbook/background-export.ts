import { PassThrough } from 'node:stream';
import type { BackgroundExport, BackgroundExportRequest } from '@contracts/logbook';
import { withTenant } from '@db/client';
import {
  deleteLogbookExportsBefore,
  findLogbookExport,
  insertLogbookExport,
  type LogbookExportRecord,
  listLogbookExports,
  updateLogbookExport,
} from '@server/areas/logbook/logbook-export-repository';
import { findMemberById } from '@server/areas/people/public';
import { listTenantIdsWithFeature, tenantName } from '@server/areas/tenant/public';
import { findVehicle } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { recordAccessOfMany } from '../privacy/public';
import { logbookErrors } from './errors';
import { assertMayExport, type ExportScope, exportRowCount, exportScopeLines, writePdf, writeXlsx } from './export-logbook';
import { dayRange } from './logbook';

/**
 * Large logbook exports (a year of all vehicles) as a background job
 * (decision 075): the request writes a row and queues the job; the job
 * streams the rows into the file, writes its progress to the row every
 * thousand rows, and stores the file in the tenant's folder of the file store
 * ('exporte' bucket). Only the person who started an export sees and
 * downloads it; files and rows are removed after a day.
 */

export const LOGBOOK_EXPORT_JOB = 'logbook-export';
/** How long a finished export stays downloadable. */
export const EXPORT_KEEP_HOURS = 24;

const CONTENT_TYPE = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

const notFound = () => logbookErrors.fail('export_not_found');
const filePath = (id: string, format: string) => `${id}.${format}`;

export function toExportDto(r: LogbookExportRecord): BackgroundExport {
  const total = Math.max(r.rowsTotal, 0);
  const percent = r.status === 'fertig' ? 100 : total === 0 ? 0 : Math.min(99, Math.floor((r.rowsDone / total) * 100));
  return {
    id: r.id,
    format: r.format as 'xlsx' | 'pdf',
    vehicleId: r.vehicleId,
    from: r.periodFrom,
    to: r.periodTo,
    status: r.status as BackgroundExport['status'],
    rowsDone: r.rowsDone,
    rowsTotal: r.rowsTotal,
    percent,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Starts an export: validated and written at once, the job does the work. */
export async function startBackgroundExport(deps: Deps, user: UserContext, req: BackgroundExportRequest): Promise<BackgroundExport> {
  assertMayExport(user);
  dayRange(req.from, req.to);
  const tenantId = user.tenant.id;
  const row = await withTenant(deps.database.db, tenantId, async (tx) => {
    if (req.vehicleId && !(await findVehicle(tx, tenantId, req.vehicleId, true))) {
      throw logbookErrors.fail('vehicle_not_found');
    }
    return insertLogbookExport(tx, {
      tenantId,
      requestedById: user.member.id,
      vehicleId: req.vehicleId ?? null,
      periodFrom: req.from,
      periodTo: req.to,
      format: req.format,
    });
  });
  await deps.jobs.sendOrRunHere(LOGBOOK_EXPORT_JOB, { tenantId, exportId: row.id });
  return toExportDto(row);
}

export async function getBackgroundExport(deps: Deps, user: UserContext, id: string): Promise<BackgroundExport> {
  assertMayExport(user);
  const row = await withTenant(deps.database.db, user.tenant.id, (tx) => findLogbookExport(tx, user.tenant.id, id));
  if (!row || row.requestedById !== user.member.id) throw notFound();
  return toExportDto(row);
}

export async function listBackgroundExports(deps: Deps, user: UserContext): Promise<BackgroundExport[]> {
  assertMayExport(user);
  const rows = await withTenant(deps.database.db, user.tenant.id, (tx) => listLogbookExports(tx, user.tenant.id, user.member.id));
  return rows.map(toExportDto);
}

/** The finished file of an export, for its download. */
export async function backgroundExportFile(
  deps: Deps,
  user: UserContext,
  id: string,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const dto = await getBackgroundExport(deps, user, id);
  if (dto.status !== 'fertig') throw logbookErrors.fail('export_not_ready');
  const file = await deps.storage.get('exporte', user.tenant.id, filePath(id, dto.format));
  if (!file) throw notFound();
  return { bytes: file.bytes, contentType: CONTENT_TYPE[dto.format], fileName: `fahrtenbuch-${dto.from}-bis-${dto.to}.${dto.format}` };
}

/** The job: idempotent, an export that is already done (or failed) is left alone. */
export async function runBackgroundExport(deps: Deps, tenantId: string, exportId: string): Promise<void> {
  const row = await withTenant(deps.database.db, tenantId, (tx) => findLogbookExport(tx, tenantId, exportId));
  if (!row || row.status === 'fertig' || row.status === 'fehler') return;
  const set = (patch: Parameters<typeof updateLogbookExport>[3]) =>
    withTenant(deps.database.db, tenantId, (tx) => updateLogbookExport(tx, tenantId, exportId, patch));
  try {
    const q = { vehicleId: row.vehicleId ?? undefined, from: row.periodFrom, to: row.periodTo };
    const scope: ExportScope = {
      tenant: { id: tenantId, name: await withTenant(deps.database.db, tenantId, (tx) => tenantName(tx, tenantId)) },
    };
    await set({ status: 'laeuft', rowsTotal: await exportRowCount(deps, tenantId, q), rowsDone: 0 });
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => out.on('end', resolve));
    const progress = (n: number) => set({ rowsDone: n });
    const read = row.format === 'pdf' ? await writePdf(deps, scope, q, out, progress) : await writeXlsx(deps, scope, q, out, progress);
    await ended;
    await deps.storage.put('exporte', tenantId, filePath(exportId, row.format), Buffer.concat(chunks), CONTENT_TYPE[row.format as 'pdf']);
    // The file becomes downloadable (for its requester only) in the transaction that records the read (decision 155).
    await withTenant(deps.database.db, tenantId, async (tx) => {
      const requester = await findMemberById(tx, tenantId, row.requestedById);
      if (requester) {
        await recordAccessOfMany(tx, tenantId, requester, read.drivers, row.format === 'pdf' ? 'fahrtenbuchpdf' : 'fahrtenbuchexcel', [
          ...exportScopeLines(read.header),
          { field: 'Abruf', value: 'Hintergrund-Export' },
        ]);
      }
      await updateLogbookExport(tx, tenantId, exportId, { status: 'fertig', finishedAt: new Date() });
    });
  } catch (err) {
    deps.log.error({ err, exportId }, 'Fahrtenbuch-Export fehlgeschlagen');
    await set({ status: 'fehler', error: 'Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.', finishedAt: new Date() });
  }
}

/** Removes exports older than EXPORT_KEEP_HOURS, files first. */
export async function cleanUpBackgroundExports(deps: Deps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - EXPORT_KEEP_HOURS * 3_600_000);
  let removed = 0;
  for (const tenantId of await listTenantIdsWithFeature(deps.database.db, 'fahrzeug')) {
    const rows = await withTenant(deps.database.db, tenantId, async (tx) => {
      const ids = await deleteLogbookExportsBefore(tx, tenantId, before);
      return ids;
    });
    for (const id of rows) {
      await deps.storage.remove('exporte', tenantId, filePath(id, 'xlsx'));
      await deps.storage.remove('exporte', tenantId, filePath(id, 'pdf'));
    }
    removed += rows.length;
  }
  return removed;
}
