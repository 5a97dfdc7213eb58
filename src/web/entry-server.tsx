import { Writable } from 'node:stream';
import type { StartData } from '@contracts/start-data';
import { dehydrate, type Query, type QueryClient, skipToken } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { getSsrStatus, RouterServer } from '@tanstack/react-router/ssr/server';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { App } from './app';
import { guestKeys } from './features/guests/api/keys';
import { readingRoomKeys } from './features/reading-rooms/api/keys';
import { type AppLanguage, I18N_OPTIONS } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { applyStartData } from './lib/start-data';
import { meQueryKey } from './lib/use-me';
import { tenantQueryKey } from './lib/use-tenant';
import { createAppRouter } from './router';

/**
 * The server's side of the app (decision 207), built by Vite beside the
 * browser's code and loaded by src/server/http/server-render.ts. Each call
 * renders one request with its own router, query client and i18n instance:
 * nothing of one request stays in a module for the next.
 */

export interface RenderInput {
  /** The address as the browser asked for it: path and search. */
  href: string;
  /** What the page carries anyway: tenant, person, the first screen's data. */
  startData: StartData;
  language: AppLanguage;
  /** How long the route's queries may take, and then the render; past it the page goes out without server HTML. */
  timeoutMs: number;
}

export type RenderResult =
  | { kind: 'page'; html: string; startData: StartData }
  /** The router sends the address elsewhere, or knows no such page: the browser's router shows it as before. */
  | { kind: 'none' };

/** Every text of both languages, loaded once: static catalogues, the same for every request. */
const catalogues: Promise<Resource> = (async () => {
  const modules = import.meta.glob<Record<string, unknown>>('./i18n/*/*.ts');
  const resources: Resource = { de: {}, en: {} };
  await Promise.all(
    Object.entries(modules).map(async ([file, load]) => {
      const [, language] = /\.\/i18n\/(de|en)\//.exec(file) ?? [];
      if (!language) return;
      for (const [namespace, bundle] of Object.entries(await load())) resources[language]![namespace] = bundle as never;
    }),
  );
  return resources;
})();

async function i18nFor(language: AppLanguage): Promise<I18n> {
  const resources = await catalogues;
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    ...I18N_OPTIONS,
    resources,
    lng: language,
    ns: Object.keys(resources.de!),
    initAsync: false,
    // every text is there: nothing to wait for
    react: { useSuspense: false },
  });
  return instance;
}

/** Until the queries the route's loaders started have answered (their prefetches are not awaited in the browser either). */
async function settled(queryClient: QueryClient, until: number): Promise<void> {
  while (queryClient.isFetching() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * The queries a render asked for that nobody fetched: on the server useQuery only enters a query in the
 * cache, it never fetches. Disabled ones stay as they are, as in the browser.
 */
function askedButUnfetched(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .findAll()
    .filter((query) => {
      if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
      const { enabled, queryFn } = query.options as { enabled?: boolean | ((q: Query) => boolean); queryFn?: unknown };
      if (!queryFn || queryFn === skipToken) return false;
      return typeof enabled === 'function' ? enabled(query) : enabled !== false;
    });
}

/** How often a render may ask for more data: each answer can name further queries (a list, then its details). */
const MAX_PASSES = 3;

export async function render({ href, startData, language, timeoutMs }: RenderInput): Promise<RenderResult> {
  const until = Date.now() + timeoutMs;
  const i18n = await i18nFor(language);
  const queryClient = createQueryClient();
  applyStartData(queryClient, { readingRoomBootstrap: readingRoomKeys.bootstrap, rentalInfo: guestKeys.rentalInfo }, startData);
  const router = createAppRouter(queryClient, i18n, createMemoryHistory({ initialEntries: [href] }));
  await router.load();
  if (getSsrStatus(router) !== 200 || router.state.matches.some((match) => match.status !== 'success')) return { kind: 'none' };
  await settled(queryClient, until);

  const app = (
    <App queryClient={queryClient} i18n={i18n}>
      <RouterServer router={router} />
    </App>
  );
  // The loaders fetch most of a screen's data; what a component asks for beyond them (the team panel's
  // day, say) is fetched after a first render and the screen rendered again with it: the browser's
  // first render then finds the same data in the cache and hydrates without a difference (decision 222).
  let html = await renderWhole(app, until);
  for (let pass = 1; pass < MAX_PASSES && Date.now() < until; pass++) {
    const asked = askedButUnfetched(queryClient);
    if (asked.length === 0) break;
    await Promise.allSettled(asked.map((query) => query.fetch()));
    await settled(queryClient, until);
    html = await renderWhole(app, until);
  }

  // tenant and person travel as start data already, for the offline shell too
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' &&
      query.queryHash !== JSON.stringify(meQueryKey) &&
      query.queryHash !== JSON.stringify(tenantQueryKey),
  });
  const { readingRooms: _inQueries, rental: _alsoInQueries, ...rest } = startData;
  return { kind: 'page', html, startData: { ...rest, queries } };
}

/** The tree as one piece of HTML, once every part of it is ready; aborted at `until`. */
function renderWhole(app: ReactNode, until: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(text);
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      // The whole page at once, every Suspense boundary in place: React would otherwise send a large boundary's
      // content after its fallback, moved in by inline scripts, which the page's CSP refuses (the content would
      // stay hidden and the browser render it again).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error);
      },
    });
    const timer = setTimeout(
      () => {
        stream.abort(new Error('server render timed out'));
      },
      Math.max(0, until - Date.now()),
    );
    timer.unref();
    sink.on('finish', () => clearTimeout(timer));
  });
}
