/**
 * `npm test` (also `npm run validate`): builds the web app (the browser journeys run against the real
 * build), checks types, lint, formatting and import rules, then runs every suite — unit, integration (PGlite, and PostgreSQL
 * when DATABASE_URL is set) and browser — and ends with one summary line.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ReportedFile, slowestFiles } from './lib/slowest-files';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) {
  console.error('0 passed, 1 failed: the web build failed');
  process.exit(1);
}
// Static checks before any test: a type error, a lint or formatting difference, or a broken import rule fails the run.
const checks: [string, string[], string][] = [
  ['npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], 'type errors'],
  ['npx', ['biome', 'ci', '.'], 'lint or formatting errors (npm run format fixes formatting)'],
  ['npx', ['tsx', 'scripts/check-imports.ts'], 'broken import rules'],
];
for (const [cmd, args, what] of checks) {
  if (run(cmd, args) !== 0) {
    console.error(`0 passed, 1 failed: ${what}`);
    process.exit(1);
  }
}
mkdirSync(path.join(root, '.tmp'), { recursive: true });
const report = path.join(root, '.tmp/vitest-report.json');
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
try {
  const r = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    testResults?: ReportedFile[];
  };
  // The slowest files before the summary, which stays the last line.
  const slow = slowestFiles(r.testResults ?? [], root);
  if (slow.length > 0) console.log(`\nSlowest test files:\n${slow.join('\n')}`);
  // A file whose setup fails runs none of its tests: count it, or the line would read "0 failed" on a red run.
  const failed = Math.max(r.numFailedTests, status === 0 ? 0 : 1);
  console.log(`\n${r.numPassedTests} passed, ${failed} failed${r.numPendingTests ? `, ${r.numPendingTests} skipped` : ''}`);
} catch {
  console.log('\n0 passed, 1 failed: no test report was written');
}
process.exit(status);
