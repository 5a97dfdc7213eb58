import type { Db } from '@db/client';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../deps';

/** What the app knows of its surroundings when it folds the areas in. */
export interface AreaEnvironment {
  /** The project's root (where docs/ lives), both from the sources and from the built server. */
  projectRoot: string;
}

/** What every demo step is given: the demo's clock, and the app secret that encrypts the demo's single sign-on secret. */
export interface DemoContext {
  /** Every date of the demo is relative to it (decision 194). */
  now: Date;
  appSecret?: string;
}

/**
 * An area's part of the demo data, written into an empty database inside the
 * one transaction of the whole demo (src/server/prepare-database.ts).
 */
export interface DemoStep {
  /** The areas whose demo data this step reads (the demo tenants are the tenant area's); they run first. */
  after: readonly string[];
  run: (tx: Db, ctx: DemoContext) => Promise<void>;
}

/**
 * Everything an area adds to the app, in one place (docs/architecture.md):
 * app.ts folds every manifest in, so a new area touches no central file
 * besides its line in areas/index.ts.
 */
export interface AreaManifest {
  name: string;
  /** App-wide hooks of the area (e.g. counting every answer), registered before any area's routes. */
  hooks?: (app: FastifyInstance, deps: Deps) => void;
  /** The area's route plugins; each declares the access of its routes. */
  routes?: ((deps: Deps, env: AreaEnvironment) => FastifyPluginAsyncZod)[];
  /** Registers the area's background jobs and schedules with deps.jobs. */
  jobs?: ((deps: Deps) => void)[];
  /** The area's demo data. */
  demo?: DemoStep;
}

/** Identity with a type: a manifest file reads `export const manifest = defineArea({ … })`. */
export const defineArea = (manifest: AreaManifest): AreaManifest => manifest;
