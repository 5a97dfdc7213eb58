import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardRoute } from '../../../domain/permissions';
import { UserLayout } from '../../components/layouts/user-layout';
import { meQueryOptions } from '../../features/session/api/use-me';
import { HttpStatusError } from '../../lib/http-status-error';

/** /admin and below: the shared route guard (SPEC §6) decides; a denial is a 403 with the guard's text. */
export const Route = createFileRoute('/_app/admin')({
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(meQueryOptions());
    const result = guardRoute(location.pathname, new Set(me.permissions));
    if (!result.allowed) throw new HttpStatusError(403, result.denial);
  },
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <UserLayout>
      <Outlet />
    </UserLayout>
  );
}
