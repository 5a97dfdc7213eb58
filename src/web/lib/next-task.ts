/**
 * Ends the current task and goes on in a new one, ahead of other waiting
 * work where the browser has `scheduler.yield`. The start of the app is
 * split this way so that a phone's main thread is never blocked for long
 * (docs/product.md#performance-budgets, total blocking time; decision 187).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
