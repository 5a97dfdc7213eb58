import type { Database } from '@db/client';
import type { Logger } from 'pino';
import type { FeedText } from './areas/calendar/feed-text';
import type { EventText } from './areas/calendar/ics';
import type { OccupancyAnswer } from './areas/occupancy/occupancy-answer';
import type { PlanDayData } from './areas/reading-rooms/plan-day-data';
import type { FloorPlanRecord } from './areas/reading-rooms/reading-room-repository';
import type { Auth } from './areas/session/better-auth';
import type { CachedSignIn } from './areas/session/cached-sign-in';
import type { Config } from './config';
import type { StampedCache } from './kernel/cache/stamped-cache';
import type { JobQueue } from './kernel/jobs/job-queue';
import type { Mailer } from './kernel/mail/mailer';
import type { Lifecycle } from './lifecycle';
import type { EventBus } from './realtime/event-bus';
import type { FileStorage } from './storage/file-storage';

/** What services need from the outside world; built once in app.ts. */
export interface Deps {
  database: Database;
  auth: Auth;
  mailer: Mailer;
  config: Config;
  log: Logger;
  jobs: JobQueue;
  events: EventBus;
  storage: FileStorage;
  /** Readiness and draining of this process. */
  lifecycle: Lifecycle;
  /** Read results checked against the database's change versions (one set per app, never shared between databases). */
  caches: Caches;
}

export interface Caches {
  /** Large JSON texts (vehicle timelines). */
  responses: StampedCache<string>;
  /** Built calendar feeds with their gzip and entity tag, per person and day (bookings, rooms, people and settings versions). */
  calendarFeeds: StampedCache<FeedText>;
  /** The text of one booking's event in one language, shared by all feeds, checked against the booking's row version (decision 166). */
  calendarEvents: StampedCache<EventText>;
  /** Resolved sign-ins by tenant and session cookie (people, settings and auth versions). */
  signIns: StampedCache<CachedSignIn>;
  /** A floor plan with its objects (reading_rooms version). */
  planStructures: StampedCache<{ plan: FloorPlanRecord; objects: PlanDayData['objects'] }>;
  /** A plan's opening and bookings of a day, before colouring for a user (reading_rooms and reading_room_bookings versions). */
  planDays: StampedCache<Omit<PlanDayData, 'objects'>>;
  /** The public occupancy of a plan or location with its built texts, for the minute (occupancy stamp, decision 230). */
  occupancy: StampedCache<OccupancyAnswer>;
}
