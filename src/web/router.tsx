import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundView } from './components/not-found-view';
import { RouteError } from './components/route-error';
import { routeTree } from './route-tree.gen';

/** One router per page in the browser and per request on the server, which hands in the request's address as `history`. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
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
