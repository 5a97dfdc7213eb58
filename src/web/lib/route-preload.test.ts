/** The route preload helpers of the build live in vite.config.ts; the server's use of their table is tested beside it. */

import { describe, expect, it } from 'vitest';
import { namespacesIn, routePathOf } from '../../../vite.config';

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

describe('namespacesIn', () => {
  it('finds the namespaces a module loads or translates with, once each', () => {
    const code = `const { t } = useTranslation("vehicles"); i18n.loadNamespaces('readingRooms'); useTranslation('vehicles'); useTranslation();`;
    expect(namespacesIn(code)).toEqual(['vehicles', 'readingRooms']);
    expect(namespacesIn('const vehicles = "vehicles";')).toEqual([]);
  });
});
