import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { lazy } from 'react';
import { SettingsDialogSlot } from '../components/layouts/settings-dialog-slot';
import { NotFoundView } from '../components/not-found-view';
import { RouteError } from '../components/route-error';
import { NewVersionWatcher } from '../features/operations/components/new-version-watcher';

export interface RouterContext {
  queryClient: QueryClient;
  /** The texts of this page, or on the server of this request (decision 222): loaders load their namespaces into it. */
  i18n: I18n;
}

// Loaded on first use: forms, tabs and validation stay off the first screen.
const SettingsDialog = lazy(() => import('../features/session/components/settings-dialog').then((m) => ({ default: m.SettingsDialog })));

function RootComponent() {
  return (
    <SettingsDialogSlot value={SettingsDialog}>
      <Outlet />
      <NewVersionWatcher />
    </SettingsDialogSlot>
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
