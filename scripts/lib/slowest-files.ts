import path from 'node:path';

/** One test file of vitest's JSON report (only the fields read here). */
export interface ReportedFile {
  name: string;
  startTime: number;
  endTime: number;
}

/**
 * The `count` slowest test files of a run, longest first, as lines "  12.3 s  test/integration/x.int.test.ts":
 * the end of `npm test` shows where the run's time goes without a second tool.
 */
export function slowestFiles(files: readonly ReportedFile[], root: string, count = 10): string[] {
  return files
    .map((f) => ({ file: path.relative(root, f.name), ms: Math.max(0, f.endTime - f.startTime) }))
    .sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file))
    .slice(0, count)
    .map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
}
