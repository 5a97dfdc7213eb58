/**
 * A page reload guard with a 10-second lifetime (docs/product.md#app-start-and-new-versions). A reload that the
 * app starts itself (new version, stale code chunk) is skipped if another one
 * happened less than 10 s ago, so a server that still hands out old files can
 * never trap the browser in a reload loop.
 */
const KEY = 'buchbar.reloadGuard';
export const RELOAD_GUARD_MS = 10_000;

function readGuard(): number {
  try {
    return Number(window.sessionStorage.getItem(KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

export function reloadGuardActive(now = Date.now()): boolean {
  const since = now - readGuard();
  return since >= 0 && since < RELOAD_GUARD_MS;
}

/** Reloads the page unless the guard is active; returns whether it reloads. */
export function reloadOnce(): boolean {
  if (reloadGuardActive()) return false;
  try {
    window.sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // without storage there is no guard; a user-triggered reload is still fine
  }
  window.location.reload();
  return true;
}

/** A code chunk of an older build could not be loaded (it was replaced by a deployment). */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}
