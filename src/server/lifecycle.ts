/**
 * Where this process is in its life: a load balancer sends traffic only to a
 * node that is ready, and stops as soon as the node starts draining for a
 * shutdown (readiness answers 503 again then).
 */
export interface Lifecycle {
  /** This node runs the job queue; it is not ready before the queue started. */
  readonly runsJobs: boolean;
  /** Set on SIGTERM: readiness fails, new SSE clients are sent elsewhere. */
  draining: boolean;
}

export function createLifecycle(runsJobs: boolean): Lifecycle {
  return { runsJobs, draining: false };
}
