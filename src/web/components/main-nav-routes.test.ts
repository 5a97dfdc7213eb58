import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MENU } from '@domain/navigation';
import { describe, expect, it } from 'vitest';

const ROUTES = path.resolve('src/web/routes');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : f.endsWith('.tsx') ? [p] : [];
  });
}

/** The URL paths the route files serve: createFileRoute ids without pathless layouts (`_app`) and index slashes. */
function routePaths(): Set<string> {
  const paths = new Set<string>();
  for (const file of files(ROUTES)) {
    const id = /createFileRoute\('([^']+)'\)/.exec(readFileSync(file, 'utf8'))?.[1];
    if (!id) continue;
    const segments = id.split('/').filter((s) => s !== '' && !s.startsWith('_'));
    paths.add(`/${segments.join('/')}`);
  }
  return paths;
}

describe('menu and route files', () => {
  it('finds the route files it checks against', () => {
    const paths = routePaths();
    expect(paths.has('/leseraum/karte')).toBe(true);
    expect(paths.has('/admin')).toBe(true);
    expect(paths.has('/admin/gibt-es-nicht')).toBe(false);
  });

  it('lets no menu entry point at a page that does not exist', () => {
    const paths = routePaths();
    // A menu entry may open a tab of a page (`/admin/raeume?tab=…`): the page is what must exist.
    const dead = MENU.filter((entry) => !paths.has(entry.path.split('?')[0]!)).map((entry) => entry.path);
    expect(dead).toEqual([]);
  });
});
