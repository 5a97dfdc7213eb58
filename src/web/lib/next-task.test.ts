import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes on after the work already queued as a task, not within the current one', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    queueMicrotask(() => order.push('microtask'));
    await nextTask();
    order.push('after nextTask');
    expect(order).toEqual(['microtask', 'queued task', 'after nextTask']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldTo = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldTo });
    await nextTask();
    expect(yieldTo).toHaveBeenCalledOnce();
  });
});
