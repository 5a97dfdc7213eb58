import { guardRoute } from '@domain/permissions';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { HttpStatusError } from '@web/lib/http-status-error';
import { meQueryOptions } from '@web/lib/use-me';

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
