import { createFileRoute, Outlet } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { guardPage } from '@web/lib/route-guard';
import { meQueryOptions } from '@web/lib/use-me';

/** /admin and below: the shared route guard (docs/product.md#route-guard) decides, the feature of the area too; a denial is a 403 with the guard's text. */
export const Route = createFileRoute('/_app/admin')({
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(meQueryOptions());
    guardPage(me, location.pathname);
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
