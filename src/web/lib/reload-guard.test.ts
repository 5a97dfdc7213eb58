import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, RELOAD_GUARD_MS, reloadGuardActive, reloadOnce } from './reload-guard';

function fakeWindow() {
  const store = new Map<string, string>();
  const reload = vi.fn();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
    location: { reload },
  });
  return reload;
}

describe('reload guard (docs/product.md#app-start-and-new-versions: 10 s lifetime)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reloads once, refuses a second reload within 10 s, allows it afterwards', () => {
    const reload = fakeWindow();
    expect(reloadOnce()).toBe(true);
    expect(reloadGuardActive()).toBe(true);
    vi.advanceTimersByTime(RELOAD_GUARD_MS - 1);
    expect(reloadOnce()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(reloadOnce()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('recognises a code chunk that a deployment removed', () => {
    expect(isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isStaleChunkError(new Error('no admin'))).toBe(false);
  });
});
