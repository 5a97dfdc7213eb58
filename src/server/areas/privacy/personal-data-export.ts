import type { PersonalDataExport } from '@contracts/privacy';
import { withTenant } from '@db/client';
import { exportExpiresAt, exportPercent, PERSONAL_EXPORT_KEEP_HOURS, recordForExport } from '@domain/privacy';
import {
  deletePersonalDataExportsBefore,
  findPersonalDataExport,
  insertPersonalDataExport,
  listPersonalDataExports,
  PERSONAL_DATA_KINDS,
  type PersonalDataExportRecord,
  readPersonalData,
  tenantsWithPersonalDataExports,
  updatePersonalDataExport,
} from '@server/areas/privacy/personal-data-repository';
import { tenantName } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { effectiveSetting } from '../settings/public';
import { privacyErrors } from './errors';
import { type PdfSection, personalDataPdf } from './personal-data-pdf';

/**
 * "Meine Daten herunterladen" (Art. 15/20 DSGVO, decision 105): the request
 * writes a row and queues the job; the job reads one kind of data per step
 * (the progress), writes one JSON file per kind and a PDF summary in the
 * person's language into a ZIP in the file store's 'exporte' bucket. Only the
 * person sees and downloads it; rows and files go after a day.
 */

export const PERSONAL_DATA_EXPORT_JOB = 'personal-data-export';

const notFound = () => privacyErrors.fail('export_not_found');
const filePath = (id: string) => `daten-${id}.zip`;
/** Where an export's ZIP lies in the 'exporte' bucket (also removed when its owner is erased). */
export const personalExportPath = filePath;

export function toPersonalExportDto(r: PersonalDataExportRecord): PersonalDataExport {
  return {
    id: r.id,
    status: r.status as PersonalDataExport['status'],
    percent: exportPercent(r.status as PersonalDataExport['status'], r.stepsDone, r.stepsTotal),
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    expiresAt: exportExpiresAt(r.createdAt).toISOString(),
  };
}

export async function startPersonalDataExport(deps: Deps, user: UserContext): Promise<PersonalDataExport> {
  const tenantId = user.tenant.id;
  const row = await withTenant(deps.database.db, tenantId, (tx) =>
    insertPersonalDataExport(tx, { tenantId, userId: user.member.id, locale: user.locale }),
  );
  await deps.jobs.sendOrRunHere(PERSONAL_DATA_EXPORT_JOB, { tenantId, exportId: row.id });
  return toPersonalExportDto(row);
}

/** One's own export; anybody else's id (another person's, another tenant's) is not found. */
async function ownExport(deps: Deps, user: UserContext, id: string): Promise<PersonalDataExportRecord> {
  const row = await withTenant(deps.database.db, user.tenant.id, (tx) => findPersonalDataExport(tx, user.tenant.id, id));
  if (!row || row.userId !== user.member.id) throw notFound();
  return row;
}

export async function getPersonalDataExport(deps: Deps, user: UserContext, id: string): Promise<PersonalDataExport> {
  return toPersonalExportDto(await ownExport(deps, user, id));
}

export async function listOwnPersonalDataExports(deps: Deps, user: UserContext): Promise<PersonalDataExport[]> {
  const rows = await withTenant(deps.database.db, user.tenant.id, (tx) => listPersonalDataExports(tx, user.tenant.id, user.member.id));
  return rows.map(toPersonalExportDto);
}

export async function personalDataExportFile(deps: Deps, user: UserContext, id: string): Promise<{ bytes: Buffer; fileName: string }> {
  const row = await ownExport(deps, user, id);
  if (row.status !== 'fertig') throw privacyErrors.fail('export_not_ready');
  const file = await deps.storage.get('exporte', user.tenant.id, filePath(id));
  if (!file) throw notFound();
  return { bytes: file.bytes, fileName: `meine-daten-${row.createdAt.toISOString().slice(0, 10)}.zip` };
}

const zip = async (files: { name: string; content: Buffer | string }[]): Promise<Buffer> => {
  // Loaded on the first export, not at start: the idle server does not carry a generator it rarely runs (decision 195).
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  for (const f of files) archive.append(f.content, { name: f.name });
  await archive.finalize();
  await ended;
  return Buffer.concat(chunks);
};

/** The job: idempotent, an export that is done (or failed) is left alone. */
export async function runPersonalDataExport(deps: Deps, tenantId: string, exportId: string): Promise<void> {
  const db = deps.database.db;
  const row = await withTenant(db, tenantId, (tx) => findPersonalDataExport(tx, tenantId, exportId));
  if (!row || row.status === 'fertig' || row.status === 'fehler') return;
  const set = (patch: Parameters<typeof updatePersonalDataExport>[3]) =>
    withTenant(db, tenantId, (tx) => updatePersonalDataExport(tx, tenantId, exportId, patch));
  try {
    // one step per kind plus the PDF and the file
    const total = PERSONAL_DATA_KINDS.length + 2;
    await set({ status: 'laeuft', stepsTotal: total, stepsDone: 0 });
    const locale = row.locale === 'en-us' ? 'en-us' : 'de-de';
    // Art. 15 (4) DSGVO (decision 193): colleagues by their role unless the tenant chose names.
    const namesOthers = await withTenant(db, tenantId, (tx) => effectiveSetting(tx, tenantId, null, 'datenexportNamenAndererPersonen'));
    const shown = { namesOthers, locale } as const;
    const sections: PdfSection[] = [];
    let done = 0;
    for (const kind of PERSONAL_DATA_KINDS) {
      // sessions and passkeys belong to the identity (global auth tables), read outside the tenant's role
      const rows =
        kind === 'sitzungen' || kind === 'passkeys'
          ? await readPersonalData(db, tenantId, row.userId, kind)
          : await withTenant(db, tenantId, (tx) => readPersonalData(tx, tenantId, row.userId, kind));
      sections.push({ kind, rows: rows.map((r) => recordForExport(r, shown)) });
      await set({ stepsDone: ++done });
    }
    const profile = sections[0]?.rows[0] ?? {};
    const pdf = await personalDataPdf(
      locale,
      {
        personName: `${String(profile.vorname ?? '')} ${String(profile.nachname ?? '')}`.trim(),
        email: String(profile.email ?? ''),
        tenantName: await withTenant(db, tenantId, (tx) => tenantName(tx, tenantId)),
        createdAt: row.createdAt,
      },
      sections,
    );
    await set({ stepsDone: ++done });
    const bytes = await zip([
      ...sections.map((s) => ({ name: `${s.kind}.json`, content: `${JSON.stringify(s.rows, null, 2)}\n` })),
      { name: row.locale === 'en-us' ? 'summary.pdf' : 'zusammenfassung.pdf', content: pdf },
    ]);
    await deps.storage.put('exporte', tenantId, filePath(exportId), bytes, 'application/zip');
    await set({ status: 'fertig', stepsDone: total, finishedAt: new Date() });
  } catch (err) {
    deps.log.error({ err, exportId }, 'Datenexport fehlgeschlagen');
    await set({ status: 'fehler', error: 'Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.', finishedAt: new Date() });
  }
}

/** Removes exports older than a day, with their files. */
export async function cleanUpPersonalDataExports(deps: Deps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PERSONAL_EXPORT_KEEP_HOURS * 3_600_000);
  let removed = 0;
  for (const tenantId of await tenantsWithPersonalDataExports(deps.database.db)) {
    const ids = await withTenant(deps.database.db, tenantId, (tx) => deletePersonalDataExportsBefore(tx, tenantId, before));
    for (const id of ids) await deps.storage.remove('exporte', tenantId, filePath(id));
    removed += ids.length;
  }
  return removed;
}
