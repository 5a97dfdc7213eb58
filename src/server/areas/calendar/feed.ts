import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeedStatus } from '@contracts/calendar-feed';
import type { Db } from '@db/client';
import { withTenant } from '@db/client';
import { berlinDay } from '@domain/opening-hours';
import {
  deleteFeed,
  type FeedKeys,
  type FeedVersion,
  findFeedBookings,
  findFeedOwnerStamp,
  hasFeed,
  listFeedVersions,
  upsertFeed,
} from '@server/areas/calendar/calendar-repository';
import type { Deps } from '@server/deps';
import { type ChangeSubject, stampOf } from '@server/kernel/change-version-repository';
import type { UserContext } from '../../kernel/context';
import { notFound } from '../reading-rooms/public';
import { effectiveSetting } from '../settings/public';
import { type FeedText, feedText } from './feed-text';
import { type EventText, eventText, feedCalendarOf } from './ics';

/**
 * A person's private calendar subscription (decision 090): a secret token in
 * the URL (32 random bytes), of which only the SHA-256 is stored; renewing
 * replaces it, revoking deletes it. The token is looked up within the tenant
 * of the host, so a token of another tenant finds nothing.
 */

/** How far back the feed lists bookings; older ones are history, not calendar. */
export const FEED_DAYS_BACK = 60;
/** At most this many events per feed. */
export const FEED_LIMIT = 2000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const feedPath = (token: string) => `/api/calendar/${token}/buchbar.ics`;

export async function calendarFeedStatus(deps: Deps, user: UserContext): Promise<CalendarFeedStatus> {
  const createdAt = await withTenant(deps.database.db, user.tenant.id, (tx) => hasFeed(tx, user.tenant.id, user.member.id));
  return { active: createdAt !== null, createdAt: createdAt?.toISOString() ?? null, url: null };
}

/** Makes a new subscription URL; the previous one (if any) stops working. */
export async function renewCalendarFeed(deps: Deps, user: UserContext, origin: string): Promise<CalendarFeedStatus> {
  const token = randomBytes(32).toString('base64url');
  await withTenant(deps.database.db, user.tenant.id, (tx) => upsertFeed(tx, user.tenant.id, user.member.id, hashToken(token)));
  return { active: true, createdAt: new Date().toISOString(), url: `${origin}${feedPath(token)}` };
}

export async function revokeCalendarFeed(deps: Deps, user: UserContext): Promise<CalendarFeedStatus> {
  await withTenant(deps.database.db, user.tenant.id, (tx) => deleteFeed(tx, user.tenant.id, user.member.id));
  return { active: false, createdAt: null, url: null };
}

/** The subjects whose change versions the cached feed text is checked against (decision 090). */
const FEED_SUBJECTS: ChangeSubject[] = ['vehicle_bookings', 'reading_room_bookings', 'reading_rooms', 'people', 'settings'];
/** Seat, plan and people names in an event are not in the booking's version: its kept text is checked against these too. */
const NAME_SUBJECTS: ChangeSubject[] = ['reading_rooms', 'people'];

/**
 * The feed itself (text/calendar) for the token's owner, in their language;
 * unknown or revoked tokens are 404. Calendar programs poll: the text is
 * built once per change of bookings, people or settings (and per day, as the
 * window moves) and kept with its gzip and entity tag in the stamped cache;
 * a poll in between costs one statement and no building, compressing or
 * hashing (docs/performance/calendar.md). Building it after a change writes only the events
 * of bookings that changed (decision 166).
 */
export async function calendarFeedIcs(
  deps: Deps,
  tenant: { id: string; name: string },
  token: string,
  now = new Date(),
): Promise<FeedText> {
  return withTenant(deps.database.db, tenant.id, async (tx) => {
    const owner = await findFeedOwnerStamp(tx, tenant.id, hashToken(token), FEED_SUBJECTS);
    if (!owner?.active) throw notFound('Kalender');
    const key = `calendar-feed|${tenant.id}|${owner.userId}|${berlinDay(now)}`;
    const cached = deps.caches.calendarFeeds.get(key, owner.stamp);
    if (cached !== undefined) return cached;
    const locale = (await effectiveSetting(tx, tenant.id, owner.userId, 'sprache')) === 'en-us' ? 'en' : 'de';
    const since = new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000);
    const names = stampOf(NAME_SUBJECTS, owner.versions);
    const events = await feedEvents(deps, tx, tenant.id, owner.userId, since, locale, names);
    const built = feedText(feedCalendarOf(`Buchbar – ${tenant.name}`, events, now));
    deps.caches.calendarFeeds.set(key, owner.stamp, built);
    return built;
  });
}

/**
 * The events of the feed, in its order (decision 166): one narrow query lists
 * every booking with the version of its row; a text kept under that version
 * and the current name versions (by this node, for any feed) is reused, and
 * only the other bookings are read in full and written. Versions come from
 * the database, so a change made anywhere – another node, a job, by hand – shows.
 */
async function feedEvents(
  deps: Deps,
  tx: Db,
  tenantId: string,
  userId: string,
  since: Date,
  locale: 'de' | 'en',
  names: string,
): Promise<EventText[]> {
  const kept = deps.caches.calendarEvents;
  const keyOf = (b: Pick<FeedVersion, 'kind' | 'id'>) => `${tenantId}|${b.kind}-${b.id}|${locale}`;
  const stampOfRow = (b: Pick<FeedVersion, 'version'>) => `${b.version}|${names}`;
  const versions = await listFeedVersions(tx, tenantId, userId, since, FEED_LIMIT);
  const events = versions.map((v) => kept.get(keyOf(v), stampOfRow(v)));
  const stale: FeedKeys = { fahrzeug: [], platz: [] };
  versions.forEach((v, i) => {
    if (events[i] === undefined) stale[v.kind].push(v.id);
  });
  if (stale.fahrzeug.length + stale.platz.length > 0) {
    const written = new Map<string, EventText>();
    for (const row of await findFeedBookings(tx, tenantId, userId, since, stale)) {
      const text = eventText(row, locale);
      kept.set(keyOf(row), stampOfRow(row), text);
      written.set(keyOf(row), text);
    }
    versions.forEach((v, i) => {
      events[i] ??= written.get(keyOf(v));
    });
  }
  // A booking that left the feed between the two reads (statements of one transaction may see a commit in between) is left out.
  return events.filter((e): e is EventText => e !== undefined);
}
