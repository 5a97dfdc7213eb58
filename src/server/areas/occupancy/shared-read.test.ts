import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SharedRead } from './shared-read';

/** A store whose reads take a few ticks; each read returns the value at the moment it started. */
function store() {
  let value = 0;
  const starts: number[] = [];
  const shared = new SharedRead<number>(async () => {
    const seen = value;
    starts.push(seen);
    await new Promise((r) => setTimeout(r, 2));
    return seen;
  });
  const set = (v: number) => {
    value = v;
  };
  return { shared, starts, set };
}

describe('a read shared by the callers that came before it started', () => {
  it('never hands a caller a value older than its call, and shares reads between waiting callers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ wait: fc.integer({ min: 0, max: 3 }), write: fc.boolean() }), { minLength: 1, maxLength: 40 }),
        async (steps) => {
          const s = store();
          let version = 0;
          const checks: Promise<void>[] = [];
          for (const step of steps) {
            if (step.write) s.set(++version);
            const asked = version;
            checks.push(s.shared.get('t').then((got) => expect(got).toBeGreaterThanOrEqual(asked)));
            if (step.wait) await new Promise((r) => setTimeout(r, step.wait));
          }
          await Promise.all(checks);
          expect(s.starts.length).toBeLessThanOrEqual(steps.length);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('reads twice for a hundred callers at once: the one under way and the next, shared', async () => {
    const s = store();
    const first = s.shared.get('t');
    const rest = Array.from({ length: 99 }, () => s.shared.get('t'));
    await Promise.all([first, ...rest]);
    expect(s.starts).toHaveLength(2);
  });

  it('reads each key apart and forgets idle keys', async () => {
    const reads: string[] = [];
    const shared = new SharedRead<string>(async (k) => {
      reads.push(k);
      return k;
    });
    expect(await Promise.all([shared.get('a'), shared.get('b')])).toEqual(['a', 'b']);
    expect(reads).toEqual(['a', 'b']);
    expect((shared as unknown as { state: Map<string, unknown> }).state.size).toBe(0);
  });
});
