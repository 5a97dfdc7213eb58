import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The product runs React 19 in development, tests and production alike: the built bundle carries
 * React's own DOM renderer and no other runtime behind React's names.
 */
describe('the built web app', () => {
  const dir = path.resolve('dist/web/assets');
  const chunks = readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));

  it('contains React 19 and its DOM renderer', () => {
    expect(chunks.some((c) => c.includes('react.transitional.element'))).toBe(true);
    expect(chunks.some((c) => /19\.\d+\.\d+/.test(c) && c.includes('__reactContainer'))).toBe(true);
  });

  it('contains no other runtime behind React (no Preact or its compatibility layer)', () => {
    const foreign = chunks.filter((c) => /preact|__PREACT_DEVTOOLS__|\$\$typeof:Symbol\.for\("preact/.test(c));
    expect(foreign).toHaveLength(0);
  });
});
