import { createFileRoute, Outlet } from '@tanstack/react-router';
import { meQueryOptions } from '@web/lib/use-me';
import { tenantQueryOptions } from '@web/lib/use-tenant';
import { LoadingScreen } from '../components/loading-screen';
import { applyUserLocale } from '../lib/i18n';

/**
 * Everything below needs a signed-in user. The start-up data (me, tenant) is
 * loaded here, the loading screen shows meanwhile; a 401 sends the browser to
 * /login (api-client), where the server remembers the requested path.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context }) => {
    const [me] = await Promise.all([
      context.queryClient.ensureQueryData(meQueryOptions()),
      // Tenant texts are for the footer only: a failure must not block the app.
      context.queryClient.prefetchQuery(tenantQueryOptions()),
    ]);
    await applyUserLocale(me.locale);
    return { me };
  },
  pendingComponent: LoadingScreen,
  pendingMs: 100,
  pendingMinMs: 300,
  component: Outlet,
});
