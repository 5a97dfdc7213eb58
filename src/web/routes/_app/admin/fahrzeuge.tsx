import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { vehiclesQueryOptions } from '@web/features/vehicles/api/use-vehicles';
import { VehiclesAdmin } from '@web/features/vehicles/components/admin/vehicles-admin';

/** docs/product.md#screens: /admin/fahrzeuge (user layout through the admin layout route, guarded by fahrzeug_pflege). */
export const Route = createFileRoute('/_app/admin/fahrzeuge')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(vehiclesQueryOptions());
  },
  component: () => (
    <AdminPage>
      <VehiclesAdmin />
    </AdminPage>
  ),
});
