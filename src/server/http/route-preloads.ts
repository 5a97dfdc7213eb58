import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Written by the build next to index.html: address → the files its first screen asks for (docs/performance/web.md). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export type RoutePreloads = Record<string, string[]>;

/** The build's table, or none when the build has not written one. */
export function loadRoutePreloads(webRoot: string): RoutePreloads {
  const file = path.join(webRoot, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return {};
  const table: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return typeof table === 'object' && table !== null ? (table as RoutePreloads) : {};
}

/** '/fahrzeuge/' and '/fahrzeuge' are one address, like the router sees them. */
export const routeKey = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The app page for one address, with a preload link for each file of its
 * first screen before the app's own script: the browser's preload scanner
 * fetches them together with the app. A script that added the same links
 * cost a phone 200 ms of main thread before the app could start.
 */
export function withRoutePreloads(html: string, table: RoutePreloads, pathname: string): string {
  const files = table[routeKey(pathname)] ?? [];
  if (files.length === 0) return html;
  const links = files
    .map((href) =>
      href.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${attribute(href)}">`
        : `<link rel="modulepreload" crossorigin href="${attribute(href)}">`,
    )
    .join('\n    ');
  const at = html.indexOf('<script type="module"');
  return at < 0 ? html.replace('</head>', `    ${links}\n  </head>`) : `${html.slice(0, at)}${links}\n    ${html.slice(at)}`;
}

/**
 * The page with a preload of the first screen's largest image (decision 179),
 * before the app's script like the other preloads. `href` must be the
 * address the screen's <img> uses, byte for byte, or the browser fetches twice.
 */
export function withImagePreload(html: string, href: string): string {
  const link = `<link rel="preload" as="image" href="${attribute(href)}" fetchpriority="high">`;
  const at = html.indexOf('<script type="module"');
  return at < 0 ? html.replace('</head>', `    ${link}\n  </head>`) : `${html.slice(0, at)}${link}\n    ${html.slice(at)}`;
}
