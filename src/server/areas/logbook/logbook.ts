import type { CorrectionRequest, GapRequest, LogbookEntry, LogbookQuery } from '@contracts/logbook';
import { type Db, withTenant } from '@db/client';
import {
  applyCorrection,
  assertInsideGap,
  assertInsideGapWindow,
  assertSpan,
  assertTripKindAllowed,
  type CorrectableValues,
  correctionRole,
  DEFAULT_TRIP_KIND,
  findGaps,
  gapWindow,
  gapWindowBetween,
  type TripKind,
  tripPeriod,
  tripStartReading,
} from '@domain/logbook';
import { addDays, startOfDay } from '@domain/vehicle-time';
import {
  currentSpans,
  findLogbookRow,
  insertLogbookRow,
  type LogbookFilter,
  type LogbookRow,
  lastEndReading,
  listLogbookPage,
  logbookTotals,
  revisionsOf,
  tripEvents,
} from '@server/areas/logbook/logbook-repository';
import { findVehicle } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { sqlState } from '../../kernel/sql-state';
import { recordAccessOfMany } from '../privacy/public';
import { effectiveSetting } from '../settings/public';
import { logbookErrors } from './errors';

/** Fahrtenbuch use cases: the entry an ended trip leaves, the list, corrections and gap explanations. */

/** Sees every vehicle's logbook: holders of fahrzeug_logbuch_report and fahrzeug_pflege. */
export const seesAllTrips = (u: UserContext) => u.permissions.has('fahrzeug_logbuch_report') || u.permissions.has('fahrzeug_pflege');
const notFound = () => logbookErrors.fail('entry_not_found');

export interface LogbookSettings {
  correctionDays: number;
  allowedTripKinds: TripKind[];
}

export async function logbookSettings(tx: Db, tenantId: string): Promise<LogbookSettings> {
  const days = await effectiveSetting(tx, tenantId, null, 'fahrtenbuchKorrekturfristTage');
  const kinds = await effectiveSetting(tx, tenantId, null, 'fahrtenbuchFahrtarten');
  const allowed = new Set<string>([DEFAULT_TRIP_KIND, ...kinds]);
  return { correctionDays: days, allowedTripKinds: (['dienstlich', 'privat', 'Arbeitsweg'] as const).filter((k) => allowed.has(k)) };
}

export interface EndedTrip {
  bookingId: string;
  vehicleId: string;
  /** The booked start: only for a booking whose history has no CHECK_IN (older data). */
  von: Date;
  endReading: number;
  driverId: string;
  driverName: string;
  destination: string | null;
  stopover: string | null;
  reason: string | null;
  partner: string | null;
  detour: string | null;
  tripKind: string | undefined;
  createdById: string;
}

/**
 * Writes the logbook entry of an ended trip inside the CHECK_OUT transaction,
 * after the CHECK_OUT event: times from the booking's CHECK_IN and CHECK_OUT
 * events (what really happened, not what was booked), start reading from
 * Fahrt starten or the previous trip's end, trip kind dienstlich unless the
 * tenant allows the chosen one.
 */
export async function recordTrip(tx: Db, tenantId: string, trip: EndedTrip): Promise<string> {
  const s = await logbookSettings(tx, tenantId);
  const kind = assertTripKindAllowed(trip.tripKind ?? DEFAULT_TRIP_KIND, s.allowedTripKinds);
  const previousEnd = await lastEndReading(tx, tenantId, trip.vehicleId);
  const events = await tripEvents(tx, tenantId, trip.bookingId);
  const start = tripStartReading(previousEnd, events.checkInReading, trip.endReading);
  if (!events.checkOutAt) throw new Error(`recordTrip before the CHECK_OUT of booking ${trip.bookingId}`);
  const { startedAt, endedAt } = tripPeriod(events.checkInAt, events.checkOutAt, trip.von);
  return insertLogbookRow(tx, tenantId, {
    revision: 1,
    supersedesId: null,
    kind: 'FAHRT',
    vehicleId: trip.vehicleId,
    bookingId: trip.bookingId,
    startedAt,
    endedAt,
    odometerStart: start,
    odometerEnd: trip.endReading,
    driverId: trip.driverId,
    driverName: trip.driverName,
    destination: trip.destination,
    stopover: trip.stopover,
    reason: trip.reason,
    partner: trip.partner,
    detour: trip.detour,
    tripKind: kind,
    note: null,
    createdById: trip.createdById,
  });
}

function isCorrectable(user: UserContext, row: LogbookRow, s: LogbookSettings, now: Date): boolean {
  try {
    correctionRole(
      { isDriver: row.driverId === user.member.id, mayReport: user.permissions.has('fahrzeug_logbuch_report') },
      row.originalCreatedAt,
      now,
      s.correctionDays,
    );
    return true;
  } catch {
    return false;
  }
}

const revisionDto = (r: LogbookRow) => ({
  id: r.id,
  revision: r.revision,
  startedAt: r.startedAt.toISOString(),
  endedAt: r.endedAt.toISOString(),
  odometerStart: r.odometerStart,
  odometerEnd: r.odometerEnd,
  destination: r.destination,
  stopover: r.stopover,
  reason: r.reason,
  partner: r.partner,
  detour: r.detour,
  tripKind: r.tripKind,
  note: r.note,
  createdAt: r.createdAt.toISOString(),
  createdBy: r.createdByName,
});

const isoWindow = (w: { from: Date; to: Date }) => ({ from: w.from.toISOString(), to: w.to.toISOString() });

function toDto(user: UserContext, r: LogbookRow, previous: LogbookRow[], s: LogbookSettings, now: Date, withGaps: boolean): LogbookEntry {
  return {
    ...revisionDto(r),
    entryId: r.entryId,
    kind: r.kind,
    vehicle: { id: r.vehicleId, label: r.vehicleLabel, licensePlate: r.licensePlate },
    bookingId: r.bookingId,
    distance: r.odometerEnd - r.odometerStart,
    driver: { id: r.driverId, name: r.driverName },
    gapBefore:
      withGaps && r.gapFromKm !== null && r.gapFromEndedAt !== null
        ? { fromKm: r.gapFromKm, toKm: r.odometerStart, ...isoWindow(gapWindowBetween(r.gapFromEndedAt, r.startedAt)) }
        : null,
    previous: previous.filter((p) => p.id !== r.id).map(revisionDto),
    correctable: isCorrectable(user, r, s, now),
  };
}

/** Calendar days (Berlin, `to` inclusive) to instants [from, to + 1 day). */
export function dayRange(from: string, to: string): { from: Date; to: Date } {
  if (to < from) throw logbookErrors.fail('period_order');
  return { from: startOfDay(from), to: startOfDay(addDays(to, 1)) };
}

function filterFor(user: UserContext, q: { vehicleId?: string; driverId?: string; from: string; to: string }): LogbookFilter {
  return {
    ...dayRange(q.from, q.to),
    vehicleId: q.vehicleId,
    driverId: q.driverId,
    onlyDriverId: seesAllTrips(user) ? undefined : user.member.id,
  };
}

const germanDay = (day: string) => day.split('-').reverse().join('.');

export async function listLogbook(deps: Deps, user: UserContext, q: LogbookQuery) {
  const tenantId = user.tenant.id;
  const now = new Date();
  const f = filterFor(user, q);
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const s = await logbookSettings(tx, tenantId);
    const rows = await listLogbookPage(tx, tenantId, f, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
    const chains = await revisionsOf(
      tx,
      tenantId,
      rows.filter((r) => r.revision > 1).map((r) => r.entryId),
    );
    const totals = await logbookTotals(tx, tenantId, f);
    if (seesAllTrips(user)) {
      // one entry per page looked at, naming the other drivers on it (decision 155)
      const vehicle = q.vehicleId && rows[0] ? `${rows[0].vehicleLabel} (${rows[0].licensePlate})` : 'Alle Fahrzeuge';
      await recordAccessOfMany(
        tx,
        tenantId,
        user.member,
        rows.map((r) => ({ id: r.driverId, name: r.driverName })),
        'fahrtenbuch',
        [
          { field: 'Fahrzeug', value: vehicle },
          { field: 'Zeitraum', value: `${germanDay(q.from)} – ${germanDay(q.to)}` },
          { field: 'Seite', value: String(q.page) },
        ],
      );
    }
    return {
      entries: rows.map((r) =>
        toDto(
          user,
          r,
          chains.filter((c) => c.entryId === r.entryId),
          s,
          now,
          seesAllTrips(user),
        ),
      ),
      total: totals.count,
      page: q.page,
      pageSize: q.pageSize,
      totals: totals.km,
      allowedTripKinds: s.allowedTripKinds,
      scope: seesAllTrips(user) ? ('alle' as const) : ('eigene' as const),
    };
  });
}

const UNIQUE_VIOLATION = '23505';

/**
 * A correction: a new revision that supersedes the current one. Two
 * corrections of the same revision at once cannot both land: the unique
 * index on supersedes_id refuses the second (409).
 */
export async function correctEntry(deps: Deps, user: UserContext, id: string, req: CorrectionRequest): Promise<LogbookEntry> {
  const tenantId = user.tenant.id;
  const now = new Date();
  try {
    return await withTenant(deps.database.db, tenantId, async (tx) => {
      const row = await findLogbookRow(tx, tenantId, id);
      if (!row || (!seesAllTrips(user) && row.driverId !== user.member.id)) throw notFound();
      if (!row.current) throw logbookErrors.fail('already_corrected');
      const s = await logbookSettings(tx, tenantId);
      const role = correctionRole(
        { isDriver: row.driverId === user.member.id, mayReport: user.permissions.has('fahrzeug_logbuch_report') },
        row.originalCreatedAt,
        now,
        s.correctionDays,
      );
      const current: CorrectableValues = {
        startedAt: row.startedAt,
        endedAt: row.endedAt,
        odometerStart: row.odometerStart,
        odometerEnd: row.odometerEnd,
        destination: row.destination,
        stopover: row.stopover,
        reason: row.reason,
        partner: row.partner,
        detour: row.detour,
        tripKind: row.tripKind,
      };
      const changes: Partial<CorrectableValues> = {
        startedAt: req.startedAt ? new Date(req.startedAt) : undefined,
        endedAt: req.endedAt ? new Date(req.endedAt) : undefined,
        odometerStart: req.odometerStart,
        odometerEnd: req.odometerEnd,
        destination: req.destination,
        stopover: req.stopover,
        reason: req.reason,
        partner: req.partner,
        detour: req.detour,
        tripKind: req.tripKind === undefined ? undefined : assertTripKindAllowed(req.tripKind, s.allowedTripKinds),
      };
      const { values } = applyCorrection(current, changes, role, now);
      const newId = await insertLogbookRow(tx, tenantId, {
        entryId: row.entryId,
        revision: row.revision + 1,
        supersedesId: row.id,
        kind: row.kind,
        vehicleId: row.vehicleId,
        bookingId: row.bookingId,
        ...values,
        driverId: row.driverId,
        driverName: row.driverName,
        note: req.note,
        createdById: user.member.id,
      });
      const fresh = (await findLogbookRow(tx, tenantId, newId))!;
      const chain = await revisionsOf(tx, tenantId, [row.entryId]);
      return toDto(user, { ...fresh, gapFromKm: null, gapFromEndedAt: null }, chain, s, now, false);
    });
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw logbookErrors.fail('already_corrected');
    throw err;
  }
}

/** A fleet manager explains (part of) an open gap with an entry of its own (kind LUECKE). */
export async function explainGap(deps: Deps, user: UserContext, vehicleId: string, req: GapRequest): Promise<LogbookEntry> {
  const tenantId = user.tenant.id;
  const now = new Date();
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const vehicle = await findVehicle(tx, tenantId, vehicleId, true);
    if (!vehicle) throw logbookErrors.fail('vehicle_not_found');
    const span = {
      startedAt: new Date(req.startedAt),
      endedAt: new Date(req.endedAt),
      odometerStart: req.odometerStart,
      odometerEnd: req.odometerEnd,
    };
    assertSpan(span, now);
    const s = await logbookSettings(tx, tenantId);
    const kind = assertTripKindAllowed(req.tripKind, s.allowedTripKinds);
    const spans = await currentSpans(tx, tenantId, vehicleId);
    const gap = assertInsideGap(findGaps(spans), req.odometerStart, req.odometerEnd);
    // The explanation happened between the trip before the gap and the trip after it.
    assertInsideGapWindow(gapWindow(spans, gap), span.startedAt, span.endedAt);
    const id = await insertLogbookRow(tx, tenantId, {
      revision: 1,
      supersedesId: null,
      kind: 'LUECKE',
      vehicleId,
      bookingId: null,
      ...span,
      driverId: null,
      driverName: req.driverName,
      destination: req.destination,
      stopover: null,
      reason: req.reason,
      partner: null,
      detour: null,
      tripKind: kind,
      note: req.note,
      createdById: user.member.id,
    });
    const fresh = (await findLogbookRow(tx, tenantId, id))!;
    return toDto(user, { ...fresh, gapFromKm: null, gapFromEndedAt: null }, [], s, now, false);
  });
}
