import type { CheckEntryDto, DriverListDto, RecordCheck } from '@contracts/driving-licences';
import { type Db, withTenant } from '@db/client';
import { type CheckMethod, DUE_STATES, type LicenceClass, type LicenceState, licenceState, validateCheck } from '@domain/driving-licence';
import { berlinDay } from '@domain/vehicle-time';
import { instructionMarks } from '@server/areas/driver-instruction/public';
import {
  type CheckRow,
  type CurrentLicence,
  checksOfUser,
  countDriverStates,
  currentLicence,
  insertCheck,
  listDrivers as listDriverRows,
} from '@server/areas/driving-licences/licence-repository';
import { findMemberById } from '@server/areas/people/public';
import type { Deps } from '@server/deps';
import { changeStamp } from '@server/kernel/change-version-repository';
import type { UserContext } from '../../kernel/context';
import { listScopeLines, recordAccess, recordAccessOfMany } from '../privacy/public';
import { effectiveSetting } from '../settings/public';
import { drivingLicencesErrors } from './errors';
import { LICENCE_DEFAULTS } from './licence-settings';

/** Driving licences: the examiner's list and checks, the driver's own record. */

const today = () => berlinDay(new Date());

export const toRecord = (l: CurrentLicence | null) =>
  l
    ? {
        classes: l.classes as LicenceClass[],
        licenceNumber: l.licenceNumber,
        issueDate: l.issueDate,
        lastCheck: l.lastCheck,
        nextCheck: l.nextCheck,
        banFrom: l.banFrom,
        banTo: l.banTo,
        extraInfo: l.extraInfo,
        examinerName: l.examinerName,
        method: l.method as CheckMethod,
      }
    : null;

const toCheck = (c: CheckRow): CheckEntryDto => ({
  id: c.id,
  checkedOn: c.checkedOn,
  method: c.method as CheckMethod,
  classes: c.classes as LicenceClass[],
  licenceNumber: c.licenceNumber,
  issueDate: c.issueDate,
  banFrom: c.banFrom,
  banTo: c.banTo,
  extraInfo: c.extraInfo,
  remark: c.remark,
  examinerName: c.examinerName,
  hasScan: c.hasScan,
  createdAt: c.createdAt.toISOString(),
});

async function reminderDays(tx: Db, tenantId: string): Promise<number> {
  return effectiveSetting(tx, tenantId, null, 'fuehrerscheinErinnerungTage');
}

const dueOf = (counts: Map<string, number>) => DUE_STATES.reduce((n, s) => n + (counts.get(s) ?? 0), 0);

/**
 * What the examiner's list and the due count depend on: people (drivers, names,
 * grants), current licences and settings (interval, reminder days), and the day
 * (states move with the date). Equal stamp => equal answer (decision 076).
 */
const licenceStamp = async (tx: Db, tenantId: string, day: string) =>
  `${await changeStamp(tx, tenantId, ['people', 'licences', 'settings'])},day:${day}`;

/** Counts per state from the stamped cache, counted again only after a change. */
async function stateCounts(deps: Deps, tx: Db, tenantId: string, day: string, stamp: string): Promise<Map<string, number>> {
  const key = `licence-counts:${tenantId}`;
  const hit = deps.caches.responses.get(key, stamp);
  if (hit) return new Map(JSON.parse(hit) as [string, number][]);
  const counts = await countDriverStates(tx, tenantId, { today: day, defaults: LICENCE_DEFAULTS });
  deps.caches.responses.set(key, stamp, JSON.stringify([...counts]));
  return counts;
}

export async function listDrivers(
  deps: Deps,
  user: UserContext,
  q: { q?: string | undefined; state: LicenceState[]; page: number; pageSize: number },
): Promise<DriverListDto> {
  const tenantId = user.tenant.id;
  const day = today();
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const stamp = await licenceStamp(tx, tenantId, day);
    const key = `licence-list:${tenantId}:${JSON.stringify([q.q?.trim() ?? '', [...q.state].sort(), q.page, q.pageSize])}`;
    const hit = deps.caches.responses.get(key, stamp);
    const cached = hit ? (JSON.parse(hit) as DriverListDto) : await buildDriverList(deps, tx, tenantId, day, stamp, q);
    if (!hit) deps.caches.responses.set(key, stamp, JSON.stringify(cached));
    // The instruction beside each licence is read for the page, outside the cached list: one statement.
    const marks = await instructionMarks(
      tx,
      tenantId,
      cached.items.map((r) => r.userId),
      day,
    );
    const result = { ...cached, items: cached.items.map((r) => ({ ...r, instruction: marks.get(r.userId) ?? null })) };
    // every page shown is a look at these people's licences, cached or not (decision 155)
    await recordAccessOfMany(
      tx,
      tenantId,
      user.member,
      result.items.map((r) => ({ id: r.userId, name: r.name })),
      'fuehrerscheinliste',
      listScopeLines(q),
    );
    return result;
  });
}

async function buildDriverList(
  deps: Deps,
  tx: Db,
  tenantId: string,
  day: string,
  stamp: string,
  q: { q?: string | undefined; state: LicenceState[]; page: number; pageSize: number },
): Promise<DriverListDto> {
  {
    const {
      rows,
      total,
      counts: pageCounts,
    } = await listDriverRows(tx, tenantId, {
      today: day,
      defaults: LICENCE_DEFAULTS,
      ...(q.q ? { search: q.q } : {}),
      states: q.state,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    // Without a search the page's own pass already counted every driver; a search narrows those counts, so count again.
    const counts = !q.q?.trim() && pageCounts ? pageCounts : await stateCounts(deps, tx, tenantId, day, stamp);
    return {
      items: rows.map((r) => ({
        userId: r.userId,
        name: `${r.lastName}, ${r.firstName}`,
        email: r.email,
        employeeId: r.employeeId,
        departmentName: r.departmentName,
        state: r.state as LicenceState,
        licence: r.checkId ? toRecord(r) : null,
        instruction: null,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
      counts: Object.fromEntries(
        ['gueltig', 'bald_faellig', 'ueberfaellig', 'fahrverbot', 'keine_daten'].map((s) => [s, counts.get(s) ?? 0]),
      ) as Record<LicenceState, number>,
      dueCount: dueOf(counts),
    };
  }
}

/** The licence-check count of docs/product.md#driving-licences (menu badge). */
export async function dueCount(deps: Deps, user: UserContext): Promise<{ dueCount: number }> {
  const tenantId = user.tenant.id;
  const day = today();
  const counts = await withTenant(deps.database.db, tenantId, async (tx) =>
    stateCounts(deps, tx, tenantId, day, await licenceStamp(tx, tenantId, day)),
  );
  return { dueCount: dueOf(counts) };
}

const personNotFound = () => drivingLicencesErrors.fail('person_not_found');

async function historyIn(tx: Db, tenantId: string, userId: string) {
  const person = await findMemberById(tx, tenantId, userId);
  if (!person) throw personNotFound();
  const licence = await currentLicence(tx, tenantId, userId, LICENCE_DEFAULTS);
  const days = await reminderDays(tx, tenantId);
  const checks = await checksOfUser(tx, tenantId, userId);
  const scansEnabled = await effectiveSetting(tx, tenantId, null, 'fuehrerscheinScansSpeichern');
  return {
    person: { userId: person.id, name: `${person.firstName} ${person.lastName}`, email: person.email },
    state: licenceState(licence, today(), days),
    licence: toRecord(licence),
    checks: checks.map(toCheck),
    scansEnabled,
  };
}

export async function checkHistory(deps: Deps, user: UserContext, userId: string) {
  return withTenant(deps.database.db, user.tenant.id, async (tx) => {
    const history = await historyIn(tx, user.tenant.id, userId);
    const person = await findMemberById(tx, user.tenant.id, userId);
    if (person) await recordAccess(tx, user, person, 'fuehrerscheinhistorie');
    return history;
  });
}

/** Records a check (append-only); the person's current record is this check from now on. */
export async function recordCheck(deps: Deps, user: UserContext, userId: string, req: RecordCheck) {
  const tenantId = user.tenant.id;
  validateCheck(req, today());
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const person = await findMemberById(tx, tenantId, userId);
    if (person?.status !== 'aktiv') throw personNotFound();
    await insertCheck(tx, tenantId, {
      userId,
      examinerId: user.member.id,
      checkedOn: req.checkedOn,
      method: req.method,
      classes: [...req.classes],
      licenceNumber: req.licenceNumber,
      issueDate: req.issueDate,
      banFrom: req.banFrom,
      banTo: req.banTo,
      extraInfo: req.extraInfo,
      remark: req.remark,
    });
    return historyIn(tx, tenantId, userId);
  });
}

/** The driver's own record, read-only. */
export async function ownLicence(deps: Deps, user: UserContext) {
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const licence = await currentLicence(tx, tenantId, user.member.id, LICENCE_DEFAULTS);
    const days = await reminderDays(tx, tenantId);
    return { state: licenceState(licence, today(), days), licence: toRecord(licence), reminderDays: days };
  });
}
