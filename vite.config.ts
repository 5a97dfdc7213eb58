import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type PluginOption, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ROUTE_PRELOADS_FILE } from './src/server/http/route-preloads';
import { OWN_DATA_CACHE } from './src/web/lib/own-data-cache';
import { themeStyles } from './src/web/theme-styles';

/** One id per build: baked into the bundle and written to builds/latest.json, which running clients poll (SPEC §2). */
const buildId = `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${randomBytes(3).toString('hex')}`;

/** The theme's CSS variables and Mantine's global classes in the page, made once here instead of at every start (decision 185). */
function themeStylesInHead(): Plugin {
  return {
    name: 'buchbar-theme-styles',
    // In the body, before the app: later in the document than the app's stylesheet (added to the head), whose defaults they override.
    transformIndexHtml: (html) => html.replace('<div id="root">', `${themeStyles()}<div id="root">`),
  };
}

function buildManifest(): Plugin {
  return {
    name: 'buchbar-build-manifest',
    apply: 'build',
    writeBundle(options) {
      const dir = path.join(options.dir ?? 'dist/web', 'builds');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ buildId, builtAt: new Date().toISOString() }));
    },
  };
}

/** Writes a .gz beside every text asset once at build time, so serving it compressed costs no CPU. */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return {
    name: 'buchbar-precompress',
    apply: 'build',
    writeBundle(options) {
      for (const file of walk(options.dir ?? 'dist/web')) {
        if (!/\.(js|css|html|json|svg)$/.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

// Build-time helpers of the route preload table below (tested in src/web/lib/route-preload.test.ts).

/** 'login' → '/login', '_app/fahrzeuge/index' → '/fahrzeuge', '_app/leseraum/karte' → '/leseraum/karte'; null for layouts and '/'. */
export function routePathOf(file: string): string | null {
  const parts = file.split('/');
  const last = parts.at(-1)!;
  if (last.startsWith('_')) return null;
  const segments = parts.filter((p) => !p.startsWith('_') && p !== 'index');
  return segments.length ? `/${segments.join('/')}` : null;
}

/** The i18n namespaces a module's code loads or translates with: loadNamespaces('x'), useTranslation('x'). */
export function namespacesIn(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:loadNamespaces|useTranslation)\(\s*['"]([A-Za-z]+)['"]/g)) found.add(m[1]!);
  return [...found];
}

/**
 * The code of a screen's route loads only after the router has checked the
 * session. The build writes, for each address, the route's chunks, the German
 * texts and the stylesheets its code asks for to `route-preloads.json`. The
 * server puts them into the page as preload links (src/server/http/route-preloads.ts),
 * so the browser fetches them with the page instead of one after the other
 * (DESIGN §7, decision 006, docs/performance/web.md).
 */
function routePreload(): Plugin {
  return {
    name: 'buchbar-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry || !bundle['index.html']) return;
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const withImports = (names: string[], seen = new Set<string>()): Set<string> => {
        for (const name of names) {
          if (seen.has(name)) continue;
          seen.add(name);
          withImports(byName.get(name)?.imports ?? [], seen);
        }
        return seen;
      };
      const initial = withImports([entry.fileName]);
      // namespace (camelCase) → the chunk of its German catalogue, src/web/i18n/de/<kebab-name>.ts.
      const catalogues = new Map<string, string>();
      for (const c of chunks) {
        const m = c.facadeModuleId ? /\/src\/web\/i18n\/de\/([a-z-]+)\.ts$/.exec(c.facadeModuleId) : null;
        if (m)
          catalogues.set(
            m[1]!.replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase()),
            c.fileName,
          );
      }
      const routeChunks = new Map<string, string>();
      for (const c of chunks) {
        const m = c.facadeModuleId ? /\/src\/web\/routes\/(.+)\.tsx\?tsr-split=component/.exec(c.facadeModuleId) : null;
        if (m) routeChunks.set(m[1]!, c.fileName);
      }
      const table: Record<string, string[]> = {};
      for (const file of routeChunks.keys()) {
        const route = routePathOf(file);
        if (!route) continue;
        // The route's own chunk plus its layouts' (e.g. _app, _app/admin), with everything they import.
        const parts = file.split('/');
        const layouts = parts
          .slice(0, -1)
          .map((_, i) => parts.slice(0, i + 1).join('/'))
          .filter((l) => routeChunks.has(l));
        const names = [...layouts, file].map((f) => routeChunks.get(f)!);
        const code = [...withImports(names)].filter((n) => !initial.has(n));
        // The German texts the screen's code asks for (the default language) and the stylesheets its
        // code applies would otherwise be requested only after that code ran: one round trip each.
        const texts = code
          .flatMap((n) => (byName.get(n)?.moduleIds ?? []).flatMap((id) => namespacesIn(this.getModuleInfo(id)?.code ?? '')))
          .map((ns) => catalogues.get(ns))
          .filter((n): n is string => n !== undefined && !initial.has(n));
        const styles = code.flatMap((n) => [...(byName.get(n)?.viteMetadata?.importedCss ?? [])]);
        // /admin is both a layout (admin.tsx) and a page (admin/index.tsx): keep the union.
        table[route] = [...new Set([...(table[route] ?? []), ...[...code, ...texts, ...styles].map((n) => `/${n}`)])];
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(table)}\n` });
    },
  };
}

/** The app's own plugins, the same for the browser's build and the server's. */
function appPlugins(): PluginOption[] {
  return [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: path.resolve('src/web/routes'),
      generatedRouteTree: path.resolve('src/web/route-tree.gen.ts'),
    }),
    react(),
  ];
}

/** Where the server's side of the app is written; src/server/http/server-render.ts loads it from there. */
const SERVER_ENTRY_DIR = 'dist/web-ssr';

/**
 * The server's side of the app (src/web/entry-server.tsx, decision 207), built
 * with the same plugins, aliases and build id once the browser's build is
 * written, so one `vite build` makes both. Packages stay outside the bundle
 * and are loaded from node_modules, as the server's own bundle does.
 */
function serverEntry(): Plugin {
  return {
    name: 'buchbar-server-entry',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        root: 'src/web',
        publicDir: false,
        logLevel: 'warn',
        resolve: { tsconfigPaths: true },
        define: { __BUILD_ID__: JSON.stringify(buildId) },
        plugins: appPlugins(),
        build: {
          ssr: path.resolve('src/web/entry-server.tsx'),
          outDir: path.resolve(SERVER_ENTRY_DIR),
          emptyOutDir: true,
          sourcemap: false,
          rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
        },
      });
    },
  };
}

export default defineConfig(() => ({
  root: 'src/web',
  publicDir: false as const,
  // Layer aliases (@domain/…, @web/…) come from tsconfig.json: one place for all tools.
  resolve: { tsconfigPaths: true },
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    ...appPlugins(),
    buildManifest(),
    // Installable, offline shell (decision 097): the service worker precaches the built code; pages come from the
    // network while there is one (the server's redirects stay in force) and from the precached shell offline; the
    // person's own bookings are kept from the last visit. The manifest is the tenant's (GET /api/tenant/manifest.webmanifest).
    VitePWA({
      injectRegister: null,
      registerType: 'autoUpdate',
      manifest: false,
      workbox: {
        globPatterns: ['index.html', 'assets/**/*.{js,css}'],
        // index.html is rewritten after bundling (route preload script): precache what is written to disk.
        dontCacheBustURLsMatching: /^assets\//,
        navigateFallback: null,
        inlineWorkboxRuntime: true,
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        runtimeCaching: [
          {
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
          {
            // Who is signed in and their own bookings: the offline shell shows them from the last visit.
            urlPattern: ({ url }) =>
              url.pathname === '/api/session/me' ||
              url.pathname === '/api/tenant' ||
              url.pathname === '/api/vehicle-bookings/mine' ||
              url.pathname === '/api/reading-room-bookings/mine',
            handler: 'NetworkFirst',
            options: { cacheName: OWN_DATA_CACHE, networkTimeoutSeconds: 6, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
    routePreload(),
    serverEntry(),
    themeStylesInHead(),
    precompress(),
  ],
  build: {
    outDir: path.resolve('dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // Every browser Buchbar supports preloads modules itself; the polyfill only scanned the page's links on start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every screen needs React, the router, TanStack Query and i18next: one file compresses better
          // and costs fewer requests than the dozen pieces the default splitting makes of them (decision 006).
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/builds': 'http://localhost:3000' } },
}));
