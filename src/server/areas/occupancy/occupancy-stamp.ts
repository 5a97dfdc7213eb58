import type { Deps } from '@server/deps';
import { OCCUPANCY_SUBJECTS, occupancyStamp } from './occupancy-repository';
import { SharedRead } from './shared-read';

/**
 * The stamp a public occupancy answer is kept under (decision 230), at the
 * least cost the database allows while never being staler than a read of
 * one's own:
 *
 * - On PostgreSQL (any number of nodes, changes by anyone) it is read: one
 *   primary-key read of change_versions, shared by the requests that wait
 *   while one is under way (SharedRead), so 200 pollers at once cost about
 *   one read per round trip.
 * - On the embedded database this process is the only one that can change
 *   anything, and the counter trigger NOTIFYs every counted commit
 *   (migration 0053), which PGlite delivers before the commit returns. So the
 *   node counts the notifications of the subjects the answer is built from
 *   and uses that count as the stamp: no statement at all.
 */
interface Watch {
  ready: Promise<void>;
  generation: Map<string, number>;
}

const CHANNEL = 'buchbar_versions';
const GLOBAL_TENANT = '00000000-0000-0000-0000-000000000000';
const WATCHED = new Set<string>(OCCUPANCY_SUBJECTS);
const watches = new WeakMap<Deps, Watch>();
const shared = new WeakMap<Deps, SharedRead<string>>();

function watchOf(deps: Deps): Watch {
  let w = watches.get(deps);
  if (w) return w;
  const generation = new Map<string, number>();
  const bump = (key: string) => generation.set(key, (generation.get(key) ?? 0) + 1);
  const ready = deps.database
    .pglite!.listen(CHANNEL, (payload) => {
      const [tenant, subject] = payload.split(' ');
      if (!tenant || !subject || !WATCHED.has(subject)) return;
      // a global subject (the logo lives on the tenant's row, counted as 'tenants') can change every tenant's page
      bump(tenant === GLOBAL_TENANT ? '*' : tenant);
    })
    .then(() => undefined);
  w = { ready, generation };
  watches.set(deps, w);
  return w;
}

export async function occupancyStampOf(deps: Deps, tenantId: string): Promise<string> {
  if (deps.database.pglite) {
    const w = watchOf(deps);
    await w.ready;
    return `heard:${w.generation.get(tenantId) ?? 0}.${w.generation.get('*') ?? 0}`;
  }
  let read = shared.get(deps);
  if (!read) {
    read = new SharedRead((id) => occupancyStamp(deps.database.db, id));
    shared.set(deps, read);
  }
  return read.get(tenantId);
}
