import { defineConfig } from 'vitest/config';

/**
 * Three suites by file suffix (DESIGN §6.10): unit tests beside the code,
 * integration tests against PGlite (and PostgreSQL when DATABASE_URL is set),
 * browser journeys in Debian's Chromium against the built app.
 * This config deliberately does not extend vite.config.ts (that one builds the web app).
 */
export default defineConfig({
  // Layer aliases (@domain/…, @server/…) come from tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          // Suites run one after another (unit, then int, then e2e): the machine has two cores.
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'e2e/support/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          root: '.',
          sequence: { groupOrder: 1 },
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each PGlite clone holds a few hundred MB; two workers fit the 2-core machine.
          maxWorkers: 2,
          fileParallelism: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // One spec file at a time: two at once timed out journeys on the shared machine (decision 167).
          // E2E_WORKERS=2 runs two at once (each file has its own app, database, SMTP server and Chromium), to measure it.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
          fileParallelism: Number(process.env.E2E_WORKERS ?? 1) > 1,
        },
      },
    ],
  },
});
