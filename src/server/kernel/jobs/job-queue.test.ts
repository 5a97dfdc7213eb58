import type { Database } from '@db/client';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJobQueue } from './job-queue';

// A queue that was never started never touches its database, so an empty stand-in serves.
const notStarted = () => createJobQueue({ kind: 'pglite', pglite: {} } as unknown as Database, pino({ level: 'silent' }));

describe('jobs run in this process when no queue runs', () => {
  it('runs the handler after the caller returned and stop waits for it', async () => {
    const queue = notStarted();
    const seen: string[] = [];
    queue.register({
      name: 'slow',
      schema: z.object({ id: z.string() }),
      handler: async (p) => {
        await new Promise((r) => setTimeout(r, 100));
        seen.push(p.id);
      },
    });
    await queue.sendOrRunHere('slow', { id: 'a' });
    expect(seen).toEqual([]);
    await queue.stop();
    expect(seen).toEqual(['a']);
  });

  it('a failing handler is logged, not thrown at the process, and stop still ends', async () => {
    const queue = notStarted();
    queue.register({
      name: 'failing',
      schema: z.object({}),
      handler: async () => {
        throw new Error('kaputt');
      },
    });
    await queue.sendOrRunHere('failing', {});
    await expect(queue.stop()).resolves.toBeUndefined();
  });

  it('runs work after the answer, never before the caller returned, and stop waits for it', async () => {
    const queue = notStarted();
    const seen: string[] = [];
    queue.afterAnswer('mail', async () => {
      await new Promise((r) => setTimeout(r, 100));
      seen.push('gesendet');
    });
    expect(seen).toEqual([]);
    queue.afterAnswer('failing', async () => {
      throw new Error('kaputt');
    });
    await queue.stop();
    expect(seen).toEqual(['gesendet']);
  });

  it('refuses a job nobody registered', async () => {
    await expect(notStarted().sendOrRunHere('unbekannt', {})).rejects.toThrow('Unbekannter Job unbekannt');
  });
});
