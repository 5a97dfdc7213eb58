import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StampedCache } from './stamped-cache';

describe('StampedCache', () => {
  it('returns an entry only for the stamp it was built from', () => {
    const c = new StampedCache(1000);
    c.set('a', 's1', 'text');
    expect(c.get('a', 's1')).toBe('text');
    expect(c.get('a', 's2')).toBeUndefined();
    // a stale entry is dropped, not kept for later
    expect(c.get('a', 's1')).toBeUndefined();
  });

  it('drops the least recently used entries beyond its byte budget', () => {
    const c = new StampedCache(10);
    c.set('a', 's', '12345');
    c.set('b', 's', '12345');
    expect(c.get('a', 's')).toBe('12345'); // a is now the most recent
    c.set('c', 's', '12345');
    expect(c.get('b', 's')).toBeUndefined();
    expect(c.get('a', 's')).toBe('12345');
    expect(c.get('c', 's')).toBe('12345');
  });

  it('never holds more than its budget and never returns another key or stamp (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.constantFrom('1', '2'), fc.string({ maxLength: 8 }), fc.boolean())),
        (ops) => {
          const c = new StampedCache(16);
          const truth = new Map<string, { stamp: string; text: string }>();
          for (const [key, stamp, text, write] of ops) {
            if (write) {
              c.set(key, stamp, text);
              if (text.length <= 16) truth.set(key, { stamp, text });
            } else {
              const got = c.get(key, stamp);
              if (got !== undefined) expect(truth.get(key)).toEqual({ stamp, text: got });
            }
          }
          let total = 0;
          for (const key of ['a', 'b', 'c', 'd']) {
            for (const stamp of ['1', '2']) {
              const got = c.get(key, stamp);
              if (got !== undefined) total += got.length;
            }
          }
          expect(total).toBeLessThanOrEqual(16);
        },
      ),
    );
  });
});
