import { Writable } from 'node:stream';
import type { StartData } from '@contracts/start-data';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { getSsrStatus, RouterServer } from '@tanstack/react-router/ssr/server';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { renderToPipeableStream } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { App } from './app';
import { guestKeys } from './features/guests/api/keys';
import { readingRoomKeys } from './features/reading-rooms/api/keys';
import { type AppLanguage, I18N_OPTIONS, initI18n } from './lib/i18n';
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

// The shared instance only serves route loaders that ask it to load a namespace; rendering reads the request's own.
const sharedReady = initI18n();

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

export async function render({ href, startData, language, timeoutMs }: RenderInput): Promise<RenderResult> {
  await sharedReady;
  const i18n = await i18nFor(language);
  const queryClient = createQueryClient();
  applyStartData(queryClient, { readingRoomBootstrap: readingRoomKeys.bootstrap, rentalInfo: guestKeys.rentalInfo }, startData);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [href] }));
  await router.load();
  if (getSsrStatus(router) !== 200 || router.state.matches.some((match) => match.status !== 'success')) return { kind: 'none' };
  await settled(queryClient, Date.now() + timeoutMs);

  const html = await new Promise<string>((resolve, reject) => {
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
    const stream = renderToPipeableStream(
      <App queryClient={queryClient} i18n={i18n}>
        <RouterServer router={router} />
      </App>,
      {
        // The whole page at once: streamed parts would be put in place by inline scripts, which the page's CSP refuses.
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: (error) => {
          reject(error);
        },
      },
    );
    const timer = setTimeout(() => {
      stream.abort(new Error('server render timed out'));
    }, timeoutMs);
    timer.unref();
    sink.on('finish', () => clearTimeout(timer));
  });

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
