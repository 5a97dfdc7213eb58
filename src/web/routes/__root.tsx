import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundView } from '../components/not-found-view';
import { RouteError } from '../components/route-error';
import { NewVersionWatcher } from '../features/app-version/components/new-version-watcher';

export interface RouterContext {
  queryClient: QueryClient;
}

function RootComponent() {
  return (
    <>
      <Outlet />
      <NewVersionWatcher />
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    // ?logout=true signs out (docs/product.md#navigation). A full load lets the server do it (also for client-side navigations).
    const { logout } = location.search as { logout?: unknown };
    if (logout === true || logout === 'true') {
      window.location.assign('/logout');
      return new Promise<never>(() => {});
    }
  },
  component: RootComponent,
  errorComponent: RouteError,
  notFoundComponent: NotFoundView,
});
