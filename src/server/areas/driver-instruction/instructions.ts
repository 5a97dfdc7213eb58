import { randomUUID } from 'node:crypto';
import type {
  DriverListQuery,
  InstructionDriverListDto,
  InstructionEntryDto,
  InstructionHistoryDto,
  InstructionVersionDto,
  OwnInstructionDto,
  VersionListDto,
} from '@contracts/driver-instruction';
import { type Db, withTenant } from '@db/client';
import {
  DUE_INSTRUCTION_STATES,
  GENERAL_TOPIC,
  INSTRUCTION_STATES,
  type InstructionKind,
  type InstructionState,
  instructionState,
  nextInstructionDate,
  validateInstructionDate,
} from '@domain/driver-instruction';
import { validateUpload } from '@domain/uploads';
import { berlinDay } from '@domain/vehicle-time';
import {
  countInstructionStates,
  currentVersion,
  findVersion,
  generalStandings,
  type InstructionRow,
  insertInstruction,
  insertVersion,
  instructionsOf,
  listInstructedDrivers,
  listVersions,
  standingsOf,
  type VersionRow,
  vehicleCategories,
} from '@server/areas/driver-instruction/instruction-repository';
import { findMemberById } from '@server/areas/people/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { sqlState } from '../../kernel/sql-state';
import { driverInstructionErrors } from './errors';
import { INSTRUCTION_DEFAULTS } from './instruction-settings';

/** Driver instruction (docs/product.md#driver-instruction): material, the driver's confirmation, the fleet's list and records. */

const BUCKET = 'unterweisungen';
const MAX_PDF = 10 * 1024 * 1024;
const today = () => berlinDay(new Date());

export const toVersionDto = (v: VersionRow): InstructionVersionDto => ({
  id: v.id,
  category: v.category,
  version: v.version,
  title: v.title,
  body: v.body,
  hasPdf: v.pdfPath !== null,
  publishedOn: v.publishedOn,
  publishedBy: v.publishedBy,
});

const toEntry = (c: InstructionRow): InstructionEntryDto => ({
  id: c.id,
  category: c.category,
  version: c.version,
  title: c.title,
  kind: c.kind as InstructionKind,
  instructedOn: c.instructedOn,
  instructor: c.instructor,
  note: c.note,
  recordedBy: c.recordedBy,
  createdAt: c.createdAt.toISOString(),
});

// ───────────────────────── the driver ─────────────────────────

async function ownIn(tx: Db, user: UserContext): Promise<OwnInstructionDto> {
  const day = today();
  const s = await standingsOf(tx, user.tenant.id, user.member.id, INSTRUCTION_DEFAULTS);
  return {
    intervalMonths: s.months,
    reminderDays: s.reminderDays,
    gate: s.gate,
    topics: s.topics.map((t) => {
      const lastOn = t.last?.instructedOn ?? null;
      return {
        category: t.current.category,
        current: toVersionDto(t.current),
        last: t.last ? toEntry(t.last) : null,
        nextDue: lastOn ? nextInstructionDate(lastOn, s.months) : null,
        state: instructionState(lastOn, day, s.months, s.reminderDays),
      };
    }),
  };
}

/** The driver's own standing in every published topic. */
export async function ownInstruction(deps: Deps, user: UserContext): Promise<OwnInstructionDto> {
  return withTenant(deps.database.db, user.tenant.id, (tx) => ownIn(tx, user));
}

const unique = async <T>(run: () => Promise<T>, refusal: () => Error): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    if (sqlState(err) === '23505') throw refusal();
    throw err;
  }
};

/** The driver confirms having read the current version of its topic today; the record is never changed afterwards. */
export async function confirmOwn(deps: Deps, user: UserContext, versionId: string): Promise<OwnInstructionDto> {
  const tenantId = user.tenant.id;
  return unique(
    () =>
      withTenant(deps.database.db, tenantId, async (tx) => {
        const v = await findVersion(tx, tenantId, versionId);
        if (!v) throw driverInstructionErrors.fail('version_not_found');
        const current = await currentVersion(tx, tenantId, v.category);
        if (current?.id !== v.id) throw driverInstructionErrors.fail('not_current');
        await insertInstruction(tx, tenantId, {
          userId: user.member.id,
          versionId: v.id,
          category: v.category,
          kind: 'app',
          instructedOn: today(),
          instructor: null,
          note: null,
          recordedById: user.member.id,
        });
        return ownIn(tx, user);
      }),
    () => driverInstructionErrors.fail('already_confirmed'),
  );
}

/** A version's PDF, for every member who reads the material. */
export async function versionPdf(deps: Deps, user: UserContext, versionId: string) {
  const tenantId = user.tenant.id;
  const v = await withTenant(deps.database.db, tenantId, (tx) => findVersion(tx, tenantId, versionId));
  if (!v?.pdfPath) throw driverInstructionErrors.fail('file_not_found');
  const file = await deps.storage.get(BUCKET, tenantId, v.pdfPath);
  if (!file) throw driverInstructionErrors.fail('file_not_found');
  return { bytes: file.bytes, filename: `unterweisung-${v.version}.pdf` };
}

// ───────────────────────── the fleet: material ─────────────────────────

export async function versions(deps: Deps, user: UserContext): Promise<VersionListDto> {
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => ({
    versions: (await listVersions(tx, tenantId)).map(toVersionDto),
    categories: await vehicleCategories(tx, tenantId),
  }));
}

/** A PDF of the material, checked by its bytes, kept until a version names it. */
export async function uploadPdf(deps: Deps, user: UserContext, bytes: Buffer) {
  validateUpload(bytes, { allowed: ['pdf'], maxBytes: MAX_PDF });
  const fileId = `${randomUUID()}.pdf`;
  await deps.storage.put(BUCKET, user.tenant.id, fileId, bytes, 'application/pdf');
  return { fileId };
}

/** Publishes the next version of a topic (general, or one vehicle category of the tenant). */
export async function publishVersion(
  deps: Deps,
  user: UserContext,
  req: { category: string; title: string; body: string; fileId: string | null },
): Promise<InstructionVersionDto> {
  const tenantId = user.tenant.id;
  if (req.fileId && !(await deps.storage.get(BUCKET, tenantId, req.fileId))) throw driverInstructionErrors.fail('file_not_found');
  return unique(
    () =>
      withTenant(deps.database.db, tenantId, async (tx) => {
        if (req.category !== GENERAL_TOPIC && !(await vehicleCategories(tx, tenantId)).includes(req.category)) {
          throw driverInstructionErrors.fail('category_unknown', { category: req.category });
        }
        const id = randomUUID();
        await insertVersion(tx, tenantId, {
          id,
          category: req.category,
          title: req.title,
          body: req.body,
          pdfPath: req.fileId,
          publishedOn: today(),
          publishedById: user.member.id,
        });
        return toVersionDto((await findVersion(tx, tenantId, id))!);
      }),
    () => driverInstructionErrors.fail('publish_race'),
  );
}

// ───────────────────────── the fleet: drivers ─────────────────────────

const dueOf = (counts: Map<string, number>) => DUE_INSTRUCTION_STATES.reduce((n, s) => n + (counts.get(s) ?? 0), 0);

export async function listDrivers(deps: Deps, user: UserContext, q: DriverListQuery): Promise<InstructionDriverListDto> {
  const tenantId = user.tenant.id;
  const day = today();
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const current = await currentVersion(tx, tenantId, q.category);
    const page = await listInstructedDrivers(tx, tenantId, {
      category: q.category,
      today: day,
      defaults: INSTRUCTION_DEFAULTS,
      search: q.q,
      states: q.state,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    // The page's own pass counts every driver of the topic; a search narrows them, and an empty page has none.
    const counts =
      !q.q?.trim() && page.counts
        ? page.counts
        : await countInstructionStates(tx, tenantId, { category: q.category, today: day, defaults: INSTRUCTION_DEFAULTS });
    return {
      category: q.category,
      current: current ? toVersionDto(current) : null,
      items: page.rows.map((r) => ({
        userId: r.userId,
        name: `${r.lastName}, ${r.firstName}`,
        email: r.email,
        departmentName: r.departmentName,
        state: r.state as InstructionState,
        lastOn: r.lastOn,
        lastKind: r.lastKind as InstructionKind | null,
        lastVersion: r.lastVersion,
        nextDue: r.nextDue,
      })),
      total: page.total,
      page: q.page,
      pageSize: q.pageSize,
      counts: Object.fromEntries(INSTRUCTION_STATES.map((s) => [s, counts.get(s) ?? 0])) as Record<InstructionState, number>,
      dueCount: dueOf(counts),
    };
  });
}

/** Every driver of the filter, for the Excel export. */
export async function allDrivers(deps: Deps, user: UserContext, q: Omit<DriverListQuery, 'page' | 'pageSize'>) {
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const page = await listInstructedDrivers(tx, tenantId, {
      category: q.category,
      today: today(),
      defaults: INSTRUCTION_DEFAULTS,
      search: q.q,
      states: q.state,
      limit: null,
      offset: 0,
    });
    return page.rows;
  });
}

async function historyIn(tx: Db, tenantId: string, userId: string): Promise<InstructionHistoryDto> {
  const person = await findMemberById(tx, tenantId, userId);
  if (!person) throw driverInstructionErrors.fail('person_not_found');
  return {
    person: { userId: person.id, name: `${person.firstName} ${person.lastName}`, email: person.email },
    entries: (await instructionsOf(tx, tenantId, userId)).map(toEntry),
  };
}

export async function history(deps: Deps, user: UserContext, userId: string): Promise<InstructionHistoryDto> {
  return withTenant(deps.database.db, user.tenant.id, (tx) => historyIn(tx, user.tenant.id, userId));
}

/** The fleet records an in-person instruction with the instructor's name (append-only). */
export async function recordInPerson(
  deps: Deps,
  user: UserContext,
  userId: string,
  req: { versionId: string; instructedOn: string; instructor: string; note: string | null },
): Promise<InstructionHistoryDto> {
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const person = await findMemberById(tx, tenantId, userId);
    if (person?.status !== 'aktiv') throw driverInstructionErrors.fail('person_not_found');
    const v = await findVersion(tx, tenantId, req.versionId);
    if (!v) throw driverInstructionErrors.fail('version_not_found');
    validateInstructionDate(req.instructedOn, today(), v.publishedOn);
    await insertInstruction(tx, tenantId, {
      userId,
      versionId: v.id,
      category: v.category,
      kind: 'praesenz',
      instructedOn: req.instructedOn,
      instructor: req.instructor,
      note: req.note,
      recordedById: user.member.id,
    });
    return historyIn(tx, tenantId, userId);
  });
}

// ───────────────────────── other areas ─────────────────────────

/**
 * The general instruction's state of some people on `day` (the licence examiner's list): null for each when
 * the tenant published no general instruction. One statement.
 */
export async function instructionMarks(
  tx: Db,
  tenantId: string,
  userIds: readonly string[],
  day: string,
): Promise<Map<string, { state: InstructionState; nextDue: string | null } | null>> {
  const s = await generalStandings(tx, tenantId, userIds, INSTRUCTION_DEFAULTS);
  return new Map(
    userIds.map((id) => {
      if (!s.published) return [id, null];
      const lastOn = s.lastOn.get(id) ?? null;
      return [
        id,
        {
          state: instructionState(lastOn, day, s.months, s.reminderDays),
          nextDue: lastOn ? nextInstructionDate(lastOn, s.months) : null,
        },
      ];
    }),
  );
}
