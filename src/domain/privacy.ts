/**
 * Privacy rules (DSGVO): progress of a person's data export (decision 105).
 * Pure functions, no I/O.
 */

export type ExportStatus = 'wartend' | 'laeuft' | 'fertig' | 'fehler';

/** Hours a finished export stays downloadable, like the logbook exports (decision 075). */
export const PERSONAL_EXPORT_KEEP_HOURS = 24;

/**
 * Percent shown for an export: 100 only when it is done, otherwise the share of
 * finished steps, capped at 99 so a bar never shows "full" before the file exists.
 */
export function exportPercent(status: ExportStatus, done: number, total: number): number {
  if (status === 'fertig') return 100;
  if (total <= 0 || done <= 0) return 0;
  return Math.min(99, Math.floor((Math.min(done, total) / total) * 100));
}

/** When an export started at `createdAt` is removed. */
export function exportExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PERSONAL_EXPORT_KEEP_HOURS * 3_600_000);
}
