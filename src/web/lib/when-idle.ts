/** Runs work the first screen does not need once the browser is idle, at the latest after `timeoutMs`. */
export function whenIdle(run: () => void, timeoutMs: number): void {
  if (typeof window !== 'undefined' && window.requestIdleCallback) window.requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, 0);
}
