import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRoutePreloads, ROUTE_PRELOADS_FILE, routeKey, withImagePreload, withRoutePreloads } from './route-preloads';

const page = `<!doctype html>
<html lang="de">
  <head>
    <title>Buchbar</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework.js">
  </head>
  <body><div id="root"></div></body>
</html>`;
const table = { '/fahrzeuge': ['/assets/a.js', '/assets/b.js', '/assets/c.css'], '/login': ['/assets/l.js'] };

describe('withRoutePreloads', () => {
  it('puts the files of the opened address before the app script, code as modulepreload and styles as style preload', () => {
    const html = withRoutePreloads(page, table, '/fahrzeuge');
    expect(html).toContain(
      [
        '<link rel="modulepreload" crossorigin href="/assets/a.js">',
        '<link rel="modulepreload" crossorigin href="/assets/b.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/c.css">',
        '<script type="module" crossorigin src="/assets/index.js"></script>',
      ].join('\n    '),
    );
    expect(html).not.toContain('/assets/l.js');
  });

  it('treats a trailing slash as the same address and leaves other addresses as they are', () => {
    expect(withRoutePreloads(page, table, '/fahrzeuge/')).toBe(withRoutePreloads(page, table, '/fahrzeuge'));
    expect(withRoutePreloads(page, table, '/admin')).toBe(page);
    expect(routeKey('/')).toBe('/');
    expect(routeKey('///')).toBe('/');
  });

  it('escapes what it writes into an attribute', () => {
    expect(withRoutePreloads(page, { '/x': ['/assets/a"b.js'] }, '/x')).toContain('href="/assets/a&quot;b.js"');
  });
});

describe('loadRoutePreloads', () => {
  it("reads the build's table and has none without a build", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'buchbar-preloads-'));
    expect(loadRoutePreloads(dir)).toEqual({});
    writeFileSync(path.join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(table));
    expect(loadRoutePreloads(dir)).toEqual(table);
  });
});

describe('withImagePreload', () => {
  it('puts the image before the app script, with the address as it is and high priority', () => {
    const html = withImagePreload(page, '/api/reading-rooms/floor-plans/p1/image?v=abc&x="1"');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/api/reading-rooms/floor-plans/p1/image?v=abc&amp;x=&quot;1&quot;" fetchpriority="high">\n    <script type="module"',
    );
  });
});
