import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { FuelCardsAdmin } from '@web/features/fleet-costs/components/cards-admin';
import { TripChecklistsAdmin } from '@web/features/trip-checklist/components/checklists-admin';
import { useVehicles, vehiclesQueryOptions } from '@web/features/vehicles/api/use-vehicles';
import { VehiclesAdmin } from '@web/features/vehicles/components/admin/vehicles-admin';

/** docs/product.md#screens: /admin/fahrzeuge (user layout through the admin layout route, guarded by fahrzeug_pflege). */
export const Route = createFileRoute('/_app/admin/fahrzeuge')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(vehiclesQueryOptions());
  },
  component: VehicleAdministration,
});

/** The fleet's vehicles, below them its fuel and charging cards, which are assigned to those vehicles, and the checklists of the check before the trip per category. */
function VehicleAdministration() {
  const vehicles = useVehicles();
  const options = (vehicles.data?.vehicles ?? []).map((v) => ({ value: v.id, label: `${v.licensePlate} · ${v.brand} ${v.model}` }));
  return (
    <AdminPage>
      <VehiclesAdmin />
      <FuelCardsAdmin vehicles={options} />
      <TripChecklistsAdmin />
    </AdminPage>
  );
}
