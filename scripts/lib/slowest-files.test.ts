import { describe, expect, it } from 'vitest';
import { slowestFiles } from './slowest-files';

describe('slowestFiles', () => {
  const file = (name: string, seconds: number) => ({ name: `/repo/${name}`, startTime: 1_000, endTime: 1_000 + seconds * 1000 });

  it('lists the slowest files first with their durations, relative to the root', () => {
    expect(slowestFiles([file('a.test.ts', 1.25), file('b.test.ts', 30), file('c.test.ts', 7)], '/repo')).toEqual([
      '   30.0 s  b.test.ts',
      '    7.0 s  c.test.ts',
      '    1.3 s  a.test.ts',
    ]);
  });

  it('keeps at most the given number, and ties in name order', () => {
    const many = Array.from({ length: 15 }, (_, i) => file(`f${String(i).padStart(2, '0')}.test.ts`, 2));
    const lines = slowestFiles(many, '/repo');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('    2.0 s  f00.test.ts');
  });
});
