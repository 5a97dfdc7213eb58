import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '@db/client';
import { afterAll, describe, expect, it } from 'vitest';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

// The embedded engine's shared buffers are resident in its WebAssembly heap in full from the start
// (decision 195): the idle server's memory depends on this one setting more than on anything else.
describe('the embedded PostgreSQL', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'buchbar-pglite-memory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs with 16 MB of shared buffers, also on a data directory whose postgresql.conf says 128 MB', { timeout: 180_000 }, async () => {
    const dataDir = path.join(dir, 'pglite');
    const first = await openPglite(dataDir);
    await first.close();
    // initdb writes its own choice into the data directory; the start parameters win over it.
    expect(readFileSync(path.join(dataDir, 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 128MB/m);
    const again = await openPglite(dataDir);
    try {
      const [setting] = rows<{ shared_buffers: string }>(await again.pglite!.query('show shared_buffers'));
      expect(setting?.shared_buffers).toBe('16MB');
    } finally {
      await again.close();
    }
  });

  it('keeps the setting for an in-memory instance, as the tests and benchmarks open it', async () => {
    const database = await openPglite(undefined);
    try {
      const [setting] = rows<{ shared_buffers: string }>(await database.pglite!.query('show shared_buffers'));
      expect(setting?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  });
});
