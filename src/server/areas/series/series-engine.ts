import { type Db, withTenant } from '@db/client';
import { expandSeries, nothingBookable, type SeriesRefusal, type SeriesRule } from '@domain/booking-series';
import type { AppError } from '@domain/errors';
import { addDays, berlinDay } from '@domain/opening-hours';
import { effectiveSetting } from '@server/areas/settings/public';
import { listTenantIds } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { type PendingMail, recipientLocales, sendAll } from '../../kernel/notifications/pending-mail';
import { tenantOrigins } from '../../kernel/notifications/tenant-origins';
import {
  cancelSeriesBookings,
  endSeries,
  type InsertedSeriesBooking,
  insertSeries,
  lockSeriesToExtend,
  type SeriesRecordBase,
  type SeriesStore,
  seriesBookedDays,
  setBookedThrough,
} from './series-repository';

/**
 * One engine for every booking series (decision 202): seats and desks
 * (decisions 091, 160) and vehicles (decision 115). The engine owns the flow
 * – expand the rule, plan every date against state read once, refuse a
 * series of which nothing is bookable, save the series, write all bookable
 * dates in one insert, report a date the exclusion constraints refused after
 * all as taken, publish one event, mail, and the daily extension – and a
 * SeriesKind supplies what differs by what is booked: how the object is
 * loaded, locked and checked, how dates are planned, written and shown, and
 * which mails go. The database's exclusion constraints stay the last wall.
 */

type Locale = UserContext['locale'];

/** One date as a kind plans it; a bookable date carries what the kind writes for it. */
export type PlannedDate<W> =
  | { date: string; state: 'spaeter' }
  | { date: string; state: 'abgelehnt'; error: AppError }
  | ({ date: string; state: 'buchbar'; von: Date; bis: Date } & W);

export type BookableDate<W> = Extract<PlannedDate<W>, { state: 'buchbar' }>;

/** A date of the answer before the kind adds its own fields. */
export interface SeriesDateBase {
  date: string;
  state: 'buchbar' | 'gebucht' | 'spaeter' | 'abgelehnt';
  reason: SeriesRefusal | null;
  message: string | null;
  bookingId: string | null;
}

/** What a kind's write left behind for the mails; `booked` are the records of the bookings written. */
export interface Written {
  booked: readonly unknown[];
}

/** The booked-kind specific part of a series (decision 202). */
export interface SeriesKind<Req extends { rule: SeriesRule }, Subject, W, Out, Done extends Written, Series extends SeriesRecordBase, Row> {
  store: SeriesStore<Series, Row>;
  /** The live-update topic of the booked objects. */
  topic: string;
  /** The group of a single booking's refusal, by its error code. */
  refusalOf(code: string): SeriesRefusal;
  /** Reads, checks and (with lock) locks what is booked and for whom, as a single booking would. */
  open(tx: Db, user: UserContext, req: Req, lock: boolean, now: Date): Promise<Subject>;
  /** The same for the extension job from the saved series; null when its object or person is gone (the series ends). */
  reopen(tx: Db, tenantId: string, s: Series, now: Date): Promise<(Subject & { wholeSeries: AppError | null }) | null>;
  /** The last day inside the booking window; later dates are booked by the extension job. */
  horizon(subject: Subject, now: Date): string;
  /** Whose language the extension's mails and messages speak. */
  speakerOf(subject: Subject): string;
  /** Every date through the single booking's rules; `wholeSeries` refuses every date checked. */
  plan(tx: Db, subject: Subject, days: readonly string[], now: Date, wholeSeries: AppError | null): Promise<PlannedDate<W>[]>;
  /** The series row as saved (without booked_through). */
  seriesRow(subject: Subject, req: Req, user: UserContext): Omit<Series, 'id' | 'endedAt' | 'bookedThrough'>;
  /** Writes the bookable dates; a date missing from the answer was refused by the exclusion constraints. */
  write(tx: Db, subject: Subject, seriesId: string, bookable: BookableDate<W>[]): Promise<InsertedSeriesBooking[]>;
  /** The refusal of a date the exclusion constraints refused after all. */
  taken(subject: Subject): AppError;
  /** A date of the answer, with the kind's own fields. */
  present(subject: Subject, o: PlannedDate<W>, base: SeriesDateBase): Out;
  /** What follows the write in the same transaction (approvers), and the booked records for the mails. */
  finish(
    tx: Db,
    subject: Subject,
    seriesId: string,
    inserted: InsertedSeriesBooking[],
    written: (BookableDate<W> & { bookingId: string })[],
  ): Promise<Done>;
  /** The scope of the live-update events (the object's plan, the vehicle). */
  scopeOf(subject: Subject): string;
  mails(subject: Subject, done: Done, dates: Out[], extended: boolean, origin: string): PendingMail[];
  /** The calendar entry mails that withdraw the dates cancelled at once, read again after the cancellation (decision 217). */
  cancelledMails(tx: Db, tenantId: string, ids: readonly string[]): Promise<PendingMail[]>;
  /** A single date's cancellation, the ordinary one. */
  cancelOne(deps: Deps, user: UserContext, bookingId: string, now: Date): Promise<unknown>;
  /** The booking whose series is cancelled, checked as the kind's cancellation checks it. */
  seriesBookingOf(tx: Db, user: UserContext, bookingId: string): Promise<{ seriesId: string; von: Date; scope: string }>;
  /** From when „alle“ cancels. */
  allFrom(now: Date): Date;
  cancelReason(user: UserContext): string;
}

/** The earlier of two ISO days (ISO days sort as text). */
const earlierDay = (a: string, b: string) => (a < b ? a : b);

function presentDate<S, W, O>(
  kind: SeriesKind<never, S, W, O, Written, SeriesRecordBase, unknown>,
  subject: S,
  o: PlannedDate<W>,
  locale: Locale,
  state: SeriesDateBase['state'],
  error: AppError | null,
  bookingId: string | null,
): O {
  return kind.present(subject, o, {
    date: o.date,
    state,
    reason: error ? kind.refusalOf(error.code) : null,
    message: error ? error.text(locale) : null,
    bookingId,
  });
}

const planned = <W>(o: PlannedDate<W>) => o.state === 'buchbar' || o.state === 'spaeter';

/**
 * Writes the planned dates in one go; a date the exclusion constraints refused
 * after all is reported as taken. One event stands for all dates: they lie on
 * one object, and its views refresh on any event of it.
 */
async function bookPlanned<S, W, O, D extends Written>(
  deps: Deps,
  tx: Db,
  tenantId: string,
  kind: SeriesKind<never, S, W, O, D, SeriesRecordBase, unknown>,
  subject: S,
  seriesId: string,
  dates: PlannedDate<W>[],
  locale: Locale,
): Promise<{ dates: O[]; done: D }> {
  const bookable = dates.filter((o): o is BookableDate<W> => o.state === 'buchbar');
  const inserted = await kind.write(tx, subject, seriesId, bookable);
  const byStart = new Map(inserted.map((r) => [r.von.getTime(), r.id]));
  const taken = kind.taken(subject);
  const written: (BookableDate<W> & { bookingId: string })[] = [];
  const out = dates.map((o) => {
    if (o.state !== 'buchbar') return presentDate(kind, subject, o, locale, o.state, o.state === 'abgelehnt' ? o.error : null, null);
    const id = byStart.get(o.von.getTime());
    if (!id) return presentDate(kind, subject, o, locale, 'abgelehnt', taken, null);
    written.push({ ...o, bookingId: id });
    return presentDate(kind, subject, o, locale, 'gebucht', null, id);
  });
  const done = await kind.finish(tx, subject, seriesId, inserted, written);
  if (inserted.length > 0)
    await deps.events.publish(tx, { tenantId, topic: kind.topic, type: 'created', id: inserted[0]!.id, scope: kind.scopeOf(subject) });
  return { dates: out, done };
}

/** The preview: every date with bookable, refused (with the single booking's message) or later; nothing is saved. */
export async function previewSeries<Req extends { rule: SeriesRule }, S, W, O, D extends Written, R extends SeriesRecordBase, Row>(
  deps: Deps,
  kind: SeriesKind<Req, S, W, O, D, R, Row>,
  user: UserContext,
  req: Req,
  now = new Date(),
): Promise<{ seriesId: null; dates: O[] }> {
  const tenantId = user.tenant.id;
  const days = expandSeries(req.rule);
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const subject = await kind.open(tx, user, req, false, now);
    const dates = await kind.plan(tx, subject, days, now, null);
    return {
      seriesId: null,
      dates: dates.map((o) => presentDate(kind, subject, o, user.locale, o.state, o.state === 'abgelehnt' ? o.error : null, null)),
    };
  });
}

/** Saves the series and books every bookable date inside the booking window in one transaction; mails with all events. */
export async function createSeries<Req extends { rule: SeriesRule }, S, W, O, D extends Written, R extends SeriesRecordBase, Row>(
  deps: Deps,
  kind: SeriesKind<Req, S, W, O, D, R, Row>,
  user: UserContext,
  req: Req,
  origin: string,
  now = new Date(),
): Promise<{ seriesId: string; dates: O[] }> {
  const tenantId = user.tenant.id;
  const days = expandSeries(req.rule);
  const { result, mails, locales } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const subject = await kind.open(tx, user, req, true, now);
    const plan = await kind.plan(tx, subject, days, now, null);
    if (!plan.some(planned)) throw nothingBookable();
    const seriesId = await insertSeries(tx, kind.store, tenantId, {
      ...kind.seriesRow(subject, req, user),
      bookedThrough: earlierDay(days.at(-1) ?? req.rule.startDate, kind.horizon(subject, now)),
    } as Omit<R, 'id' | 'endedAt'>);
    const { dates, done } = await bookPlanned(deps, tx, tenantId, kind, subject, seriesId, plan, user.locale);
    // Every date refused by the exclusion constraints after all (a booking that came past the lock): nothing is kept.
    if (done.booked.length === 0 && !plan.some((o) => o.state === 'spaeter')) throw nothingBookable();
    const mails = kind.mails(subject, done, dates, false, origin);
    return { result: { seriesId, dates }, mails, locales: await recipientLocales(tx, tenantId, mails) };
  });
  await sendAll(deps, tenantId, mails, locales);
  return result;
}

/** Cancels one date (the ordinary cancellation), it and all following, or the whole series (dates not yet started). */
export async function cancelInSeries<Req extends { rule: SeriesRule }, S, W, O, D extends Written, R extends SeriesRecordBase, Row>(
  deps: Deps,
  kind: SeriesKind<Req, S, W, O, D, R, Row>,
  user: UserContext,
  bookingId: string,
  scope: 'eine' | 'folgende' | 'alle',
  now = new Date(),
): Promise<{ cancelled: number }> {
  if (scope === 'eine') {
    await kind.cancelOne(deps, user, bookingId, now);
    return { cancelled: 1 };
  }
  const tenantId = user.tenant.id;
  const { cancelled, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const b = await kind.seriesBookingOf(tx, user, bookingId);
    const from = scope === 'alle' ? kind.allFrom(now) : b.von < now ? now : b.von;
    const ids = await cancelSeriesBookings(tx, kind.store, tenantId, b.seriesId, from, now, kind.cancelReason(user));
    await endSeries(tx, kind.store, tenantId, b.seriesId, now);
    if (ids.length > 0) await deps.events.publish(tx, { tenantId, topic: kind.topic, type: 'cancelled', id: ids[0]!, scope: b.scope });
    return { cancelled: ids.length, mails: ids.length > 0 ? await kind.cancelledMails(tx, tenantId, ids) : [] };
  });
  await sendAll(deps, tenantId, mails);
  return { cancelled };
}

/** How many series one run of the job extends per tenant at most (the next run goes on). */
const EXTEND_BATCH = 500;

/**
 * The extension job (daily): books the dates that have come into the booking
 * window since the last run and tells the person which could not be booked.
 * Idempotent: booked_through moves on in the same transaction, days the
 * series already has are skipped, and series are locked (skip locked), so
 * two runs or two nodes never book a day twice.
 */
export async function extendSeries<Req extends { rule: SeriesRule }, S, W, O, D extends Written, R extends SeriesRecordBase, Row>(
  deps: Deps,
  kind: SeriesKind<Req, S, W, O, D, R, Row>,
  now = new Date(),
): Promise<number> {
  let bookedCount = 0;
  const origin = await tenantOrigins(deps);
  const today = berlinDay(now);
  for (const tenantId of await listTenantIds(deps.database.db)) {
    const mails = await withTenant(deps.database.db, tenantId, async (tx) => {
      const out: PendingMail[] = [];
      for (const s of await lockSeriesToExtend(tx, kind.store, tenantId, addDays(today, 400), EXTEND_BATCH)) {
        const r = await extendOne(deps, tx, tenantId, kind, s, today, now, origin(tenantId));
        bookedCount += r.booked;
        out.push(...r.mails);
      }
      return out;
    });
    await sendAll(deps, tenantId, mails);
  }
  return bookedCount;
}

async function extendOne<Req extends { rule: SeriesRule }, S, W, O, D extends Written, R extends SeriesRecordBase, Row>(
  deps: Deps,
  tx: Db,
  tenantId: string,
  kind: SeriesKind<Req, S, W, O, D, R, Row>,
  s: R,
  today: string,
  now: Date,
  origin: string,
): Promise<{ booked: number; mails: PendingMail[] }> {
  const all = expandSeries(s.rule);
  const lastDay = all.at(-1) ?? s.rule.startDate;
  const subject = await kind.reopen(tx, tenantId, s, now);
  if (!subject) {
    await endSeries(tx, kind.store, tenantId, s.id, now);
    return { booked: 0, mails: [] };
  }
  const through = earlierDay(lastDay, kind.horizon(subject, now));
  if (through <= s.bookedThrough) return { booked: 0, mails: [] };
  const already = await seriesBookedDays(tx, kind.store, tenantId, s.id);
  const days = all.filter((d) => d > s.bookedThrough && d <= through && d >= today && !already.has(d));
  const locale = await effectiveSetting(tx, tenantId, kind.speakerOf(subject), 'sprache');
  const plan = await kind.plan(tx, subject, days, now, subject.wholeSeries);
  const { dates, done } = await bookPlanned(deps, tx, tenantId, kind, subject, s.id, plan, locale);
  await setBookedThrough(tx, kind.store, tenantId, s.id, through);
  if (through >= lastDay) await endSeries(tx, kind.store, tenantId, s.id, now);
  return { booked: done.booked.length, mails: kind.mails(subject, done, dates, true, origin) };
}
