import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { Auth } from './auth/better-auth';
import type { Config } from './config';
import type { JobQueue } from './jobs/job-queue';
import type { Mailer } from './mail/mailer';
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
}
