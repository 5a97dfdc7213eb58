export const CONCURRENCY = 4;

export interface Figures {
  label: string;
  p50: number;
  p95: number;
  p99: number;
  /** Requests per second with CONCURRENCY clients. */
  rps: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Latency percentiles of n sequential requests (one client: what one user
 * waits), then throughput of n requests from CONCURRENCY clients. `fn` gets
 * the request's index (negative while warming up) so a run can vary its input.
 */
export async function measure(label: string, n: number, fn: (i: number) => Promise<unknown>, warm = 20): Promise<Figures> {
  for (let i = 0; i < warm; i++) await fn(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await fn(n + next++);
    }),
  );
  const rps = (n / (performance.now() - start)) * 1000;
  const r = { label, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), rps };
  console.log(
    `  ${label.padEnd(44)} p50 ${r.p50.toFixed(2).padStart(7)} ms  p95 ${r.p95.toFixed(2).padStart(7)} ms  p99 ${r.p99.toFixed(2).padStart(7)} ms (1 client)  ${r.rps.toFixed(0).padStart(6)} req/s (${CONCURRENCY} clients)`,
  );
  return r;
}

/** "p50 … / p95 … / p99 … ms, … req/s = …% of bare" */
export function summary(x: Figures, baseline: Figures): string {
  return `p50 ${x.p50.toFixed(1)} / p95 ${x.p95.toFixed(1)} / p99 ${x.p99.toFixed(1)} ms, ${x.rps.toFixed(0)} req/s = ${((x.rps / baseline.rps) * 100).toFixed(1)} % of bare`;
}

/** Percentiles of latencies measured by the caller (for requests that need a different request before each one). */
export function latencies(label: string, times: number[]): Omit<Figures, 'rps'> {
  const sorted = [...times].sort((a, b) => a - b);
  const r = { label, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  console.log(
    `  ${label.padEnd(44)} p50 ${r.p50.toFixed(2).padStart(7)} ms  p95 ${r.p95.toFixed(2).padStart(7)} ms  p99 ${r.p99.toFixed(2).padStart(7)} ms (1 client)`,
  );
  return r;
}

export interface BudgetCheck {
  label: string;
  value: number;
  limit: number;
  unit: string;
}

/** Prints each check against its limit (docs/product.md#performance-budgets) and tells whether all hold (the scripts exit 1 otherwise). */
export function checkBudgets(checks: BudgetCheck[]): boolean {
  console.log('\nbudgets (docs/product.md#performance-budgets)');
  let ok = true;
  for (const c of checks) {
    const within = c.value <= c.limit;
    ok &&= within;
    console.log(`  ${within ? 'ok  ' : 'OVER'} ${c.label}: ${c.value.toFixed(1)} ${c.unit} (limit ${c.limit} ${c.unit})`);
  }
  return ok;
}

/**
 * Median of the bare Fastify JSON endpoint (one client, in-process inject) on this 2-core machine when
 * it was quiet (load below 1): the reference that turns a loaded run's bare median into a load factor.
 */
export const QUIET_BARE_P50_MS = 0.07;

/**
 * The latency limit (docs/product.md#performance-budgets) judged against the bare endpoint of the same run: `limitMs` times how
 * much slower the bare endpoint answered than on the quiet machine (never below 1), because other
 * work on a shared machine slows both alike. The raw figure is printed beside it.
 */
export function loadAdjusted(limitMs: number, baseline: Pick<Figures, 'p50'>): { limit: number; factor: number } {
  const factor = Math.max(1, baseline.p50 / QUIET_BARE_P50_MS);
  return { limit: limitMs * factor, factor };
}
