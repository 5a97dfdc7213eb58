import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readingRooms as de } from './de/reading-rooms';
import { readingRooms as en } from './en/reading-rooms';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) && !f.endsWith('.test.ts') ? [p] : [];
  });
}

describe('readingRooms catalogue', () => {
  const known = new Set(keys(de).map((k) => k.replace(/_(one|other)$/, '')));

  it('has the same keys in German and English', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });

  it('contains every literal key the reading-room, kiosk and room-admin screens use', () => {
    const used = new Set<string>();
    // The kiosk and the room administration are folders of the reading-rooms feature (reading-rooms/kiosk, reading-rooms/admin).
    const screens = files(path.resolve('src/web/features/reading-rooms'));
    expect(screens.some((f) => f.includes(`${path.sep}kiosk${path.sep}`))).toBe(true);
    expect(screens.some((f) => f.includes(`${path.sep}admin${path.sep}`))).toBe(true);
    for (const file of screens) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:rt|at|kt)\('([A-Za-z0-9_.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });
});
