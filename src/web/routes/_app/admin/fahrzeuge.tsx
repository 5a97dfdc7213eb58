import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../../../components/admin-page';
import { VehiclesAdmin } from '../../../features/vehicles/components/admin/vehicles-admin';
import { vehiclesQueryOptions } from '../../../features/vehicles/api/use-vehicles';

/** SPEC §2: /admin/fahrzeuge (user layout through the admin layout route, guarded by fahrzeug_pflege). */
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
