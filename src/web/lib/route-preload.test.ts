/** The route preload helpers live in vite.config.ts (build time); this checks them and the browser script they write. */

import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { namespacesIn, routePathOf, routePreloadScript } from '../../../vite.config';

describe('routePathOf', () => {
  it('maps route files to addresses like TanStack Router', () => {
    expect(routePathOf('login')).toBe('/login');
    expect(routePathOf('_app/fahrzeuge/index')).toBe('/fahrzeuge');
    expect(routePathOf('_app/fahrzeuge/uebersicht')).toBe('/fahrzeuge/uebersicht');
    expect(routePathOf('_app/leseraum/karte')).toBe('/leseraum/karte');
    expect(routePathOf('leseraum/passwort')).toBe('/leseraum/passwort');
    expect(routePathOf('_app/admin/index')).toBe('/admin');
  });
  it('has no address for layouts and the start redirect', () => {
    expect(routePathOf('_app')).toBeNull();
    expect(routePathOf('_app/admin')).toBe('/admin');
    expect(routePathOf('_app/index')).toBeNull();
  });
});

describe('routePreloadScript', () => {
  const run = (pathname: string) => {
    const links: { rel: string; href: string; crossOrigin: string | null; as?: string }[] = [];
    const document = {
      createElement: () => ({ rel: '', href: '', crossOrigin: null }),
      head: { appendChild: (l: (typeof links)[number]) => links.push(l) },
    };
    runInNewContext(routePreloadScript({ '/fahrzeuge': ['/assets/a.js', '/assets/b.js', '/assets/c.css'], '/login': ['/assets/l.js'] }), {
      location: { pathname },
      document,
    });
    return links;
  };
  it('adds modulepreload links for the opened address only', () => {
    expect(run('/fahrzeuge')).toEqual([
      { rel: 'modulepreload', href: '/assets/a.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/b.js', crossOrigin: '' },
      { rel: 'preload', as: 'style', href: '/assets/c.css', crossOrigin: '' },
    ]);
    expect(run('/fahrzeuge/').map((l) => l.href)).toEqual(['/assets/a.js', '/assets/b.js', '/assets/c.css']);
    expect(run('/admin')).toEqual([]);
  });
});

describe('namespacesIn', () => {
  it('finds the namespaces a module loads or translates with, once each', () => {
    const code = `const { t } = useTranslation("vehicles"); i18n.loadNamespaces('readingRooms'); useTranslation('vehicles'); useTranslation();`;
    expect(namespacesIn(code)).toEqual(['vehicles', 'readingRooms']);
    expect(namespacesIn('const vehicles = "vehicles";')).toEqual([]);
  });
});
