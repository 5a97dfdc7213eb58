import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inLanes } from './lanes';

describe('running journeys in lanes', () => {
  it('returns every result in the order of the items, whatever order the work finishes in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(5)), fc.integer({ min: 1, max: 4 }), async (delays, lanes) => {
        const results = await inLanes(delays, lanes, async (d) => {
          await new Promise((r) => setTimeout(r, d));
          return d * 2;
        });
        expect(results).toEqual(delays.map((d) => d * 2));
      }),
      { numRuns: 30 },
    );
  });

  it('never has more than the given number of items under way', async () => {
    let running = 0;
    let most = 0;
    await inLanes([...Array(10).keys()], 3, async () => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 2));
      running--;
    });
    expect(most).toBe(3);
  });

  it('reports the first failure and starts no further item after it', async () => {
    const started: number[] = [];
    await expect(
      inLanes([1, 2, 3, 4, 5], 2, async (n) => {
        started.push(n);
        await new Promise((r) => setTimeout(r, n === 2 ? 1 : 20));
        if (n === 2) throw new Error('zwei');
        return n;
      }),
    ).rejects.toThrow('zwei');
    await new Promise((r) => setTimeout(r, 50));
    expect(started).toEqual([1, 2]);
  });
});
