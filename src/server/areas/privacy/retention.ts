import { type Db, withTenant } from '@db/client';
import {
  auditPurgeBefore,
  LOG_KEEP_MONTHS,
  logbookPurgeBefore,
  RETENTION_SETTINGS,
  type RetentionMonths,
  type RetentionPeriod,
  retentionCutoff,
  retentionMonthsOf,
} from '@domain/retention';
import { insertAudit } from '@server/areas/access-admin/public';
import {
  anonymiseEndedSeries,
  anonymiseGuests,
  anonymiseRentalRequests,
  anonymiseSeatBookings,
  anonymiseVehicleBookings,
  deleteOldAuditEntries,
  deleteOldLogbookEntries,
  deleteOldLogs,
  deleteOutboxMails,
  ensureAnonymousPeople,
} from '@server/areas/privacy/retention-repository';
import { listTenantIds } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { effectiveSettings } from '../settings/public';

/**
 * The daily retention run (decision 150): per tenant, what ended before the
 * tenant's periods is anonymised in batches of short transactions. Rows are
 * marked when done, so a second run (or a second node) changes nothing. Ended
 * series and the outbox's mails follow the bookings' period; logbook entries
 * go ten years after their trip's year, audit entries three years after
 * theirs and logging rows after twelve months, whatever the tenant set (decision 169).
 */

// Small batches: the evaluation roll-up triggers compare a statement's old and new rows pairwise, so a
// batch costs its size squared (bench/retention.ts: 4,000 + 4,000 rows took 90 s at 500, 41 s at 100).
const BATCH = 100;

/** What a run counts, each with the line it gets in the audit entry: one list for the result, the entry and the log. */
const COUNTS = {
  seats: 'Platz- und Arbeitsplatzbuchungen anonymisiert',
  vehicles: 'Fahrzeugbuchungen anonymisiert',
  guests: 'Gastdaten gelöscht',
  rentalRequests: 'Gästeverleih-Anfragen anonymisiert',
  series: 'Buchungsserien anonymisiert',
  mails: 'Mails im Postausgang gelöscht',
  logbookEntries: 'Fahrtenbucheinträge gelöscht (nach 10 Jahren)',
  auditEntries: 'Protokolleinträge gelöscht (nach 3 Jahren)',
  logs: 'Logging-Einträge gelöscht (nach 12 Monaten)',
} as const;
type Counted = keyof typeof COUNTS;
const COUNTED = Object.keys(COUNTS) as Counted[];

export type RetentionResult = { tenantId: string } & Record<Counted, number>;

const changedAnything = (r: RetentionResult) => COUNTED.some((k) => r[k] > 0);

async function monthsOf(deps: Deps, tenantId: string): Promise<RetentionMonths> {
  const periods = Object.keys(RETENTION_SETTINGS) as RetentionPeriod[];
  const values = await withTenant(deps.database.db, tenantId, (tx) =>
    effectiveSettings(
      tx,
      tenantId,
      null,
      periods.map((p) => RETENTION_SETTINGS[p]),
    ),
  );
  return retentionMonthsOf(Object.fromEntries(periods.map((p, i) => [p, values[i]?.value])));
}

/** Repeats one batch step in its own transaction until a batch comes back short. */
async function drain(deps: Deps, tenantId: string, step: (tx: Db) => Promise<number>) {
  let total = 0;
  for (;;) {
    const n = await withTenant(deps.database.db, tenantId, step);
    total += n;
    if (n < BATCH) return total;
  }
}

export async function runRetentionForTenant(deps: Deps, tenantId: string, now = new Date()): Promise<RetentionResult> {
  const months = await monthsOf(deps, tenantId);
  const bookings = retentionCutoff(now, months.buchungen);
  const trips = retentionCutoff(now, months.fahrtdetails);
  const guests = retentionCutoff(now, months.gaeste);
  const result = { tenantId, ...Object.fromEntries(COUNTED.map((k) => [k, 0])) } as RetentionResult;
  if (bookings || trips) {
    await withTenant(deps.database.db, tenantId, (tx) => ensureAnonymousPeople(tx, tenantId));
  }
  if (bookings) {
    result.seats = await drain(deps, tenantId, (tx) => anonymiseSeatBookings(tx, tenantId, bookings, now, BATCH));
    result.series = await drain(deps, tenantId, (tx) => anonymiseEndedSeries(tx, tenantId, bookings, BATCH));
    result.mails = await drain(deps, tenantId, (tx) => deleteOutboxMails(tx, tenantId, bookings, BATCH));
  }
  if (bookings || trips) {
    result.vehicles = await drain(deps, tenantId, (tx) => anonymiseVehicleBookings(tx, tenantId, { bookings, trips }, now, BATCH));
  }
  if (guests) {
    result.guests = await drain(deps, tenantId, (tx) => anonymiseGuests(tx, tenantId, guests, now, BATCH));
    result.rentalRequests = await drain(deps, tenantId, (tx) => anonymiseRentalRequests(tx, tenantId, guests, now, BATCH));
  }
  // By law, not by the tenant's settings: the logbook after ten years, the audit trail after three.
  const logbookBefore = logbookPurgeBefore(now);
  result.logbookEntries = await drain(deps, tenantId, (tx) => deleteOldLogbookEntries(tx, tenantId, logbookBefore, BATCH));
  const auditBefore = auditPurgeBefore(now);
  result.auditEntries = await drain(deps, tenantId, (tx) => deleteOldAuditEntries(tx, tenantId, auditBefore, BATCH));
  const logsBefore = retentionCutoff(now, LOG_KEEP_MONTHS)!;
  result.logs = await drain(deps, tenantId, (tx) => deleteOldLogs(tx, tenantId, logsBefore, BATCH));
  const changes = COUNTED.map((k) => ({ field: COUNTS[k], n: result[k] })).filter((c) => c.n > 0);
  if (changes.length > 0) {
    // One entry per run that changed something: the trail shows when data went, not whose.
    await withTenant(deps.database.db, tenantId, (tx) =>
      insertAudit(tx, tenantId, {
        actorId: null,
        actorName: 'Buchbar (Aufbewahrungsfristen)',
        action: 'ändern',
        subjectType: 'aufbewahrung',
        subjectId: 'aufbewahrung',
        subjectName: 'Aufbewahrungsfristen',
        changes: changes.map((c) => ({ field: c.field, old: null, new: String(c.n) })),
      }),
    );
  }
  return result;
}

export async function runRetention(deps: Deps, now = new Date()): Promise<RetentionResult[]> {
  const results: RetentionResult[] = [];
  for (const tenantId of await listTenantIds(deps.database.db)) {
    const r = await runRetentionForTenant(deps, tenantId, now);
    if (changedAnything(r)) deps.log.info({ retention: r }, 'retention run anonymised data');
    results.push(r);
  }
  return results;
}
