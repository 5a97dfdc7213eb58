import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { NotFoundView } from './components/not-found-view';
import { RouteError } from './components/route-error';
import { routeTree } from './route-tree.gen';

/**
 * One router per page in the browser and per request on the server, which hands in its own query client,
 * i18n instance and the request's address as `history`: nothing of one request is reachable from another.
 */
export function createAppRouter(queryClient: QueryClient, i18n: I18n, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient, i18n },
    defaultPreload: 'intent',
    // Query data has its own freshness rules; the router should always ask the query cache.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundView,
    // On the server the router would write its scroll script inline into the page, which the CSP refuses;
    // the browser's router restores the scroll position by itself (decision 207).
    scrollRestoration: !history,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
