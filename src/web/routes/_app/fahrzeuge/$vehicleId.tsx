import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { CostsTab } from '@web/features/fleet-costs/components/costs-tab';
import { LogbookTab } from '@web/features/logbook/components/logbook-tab';
import { TripChecksTab } from '@web/features/trip-checklist/components/trip-checks-tab';
import { DamagesTab } from '@web/features/vehicle-care/components/damages-tab';
import { ServiceBookletTab } from '@web/features/vehicle-care/components/service-booklet-tab';
import { type DetailTab, detailSearch } from '@web/features/vehicles/components/detail/tabs';
import { type DetailTabSlots, VehicleDetailPage } from '@web/features/vehicles/components/detail/vehicle-detail-page';
import { useTranslation } from 'react-i18next';

/** /fahrzeuge/:id (user layout): vehicle detail with master data, logbook, damages and history; the tab is a search param. */
export const Route = createFileRoute('/_app/fahrzeuge/$vehicleId')({
  validateSearch: detailSearch,
  component: Page,
});

/** The detail's tabs owned by the logbook, vehicle care, fleet costs and the check before the trip. */
const TABS: DetailTabSlots = {
  Logbook: LogbookTab,
  ServiceBooklet: ServiceBookletTab,
  Damages: DamagesTab,
  Costs: CostsTab,
  TripChecks: TripChecksTab,
};

function Page() {
  const { vehicleId } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { t } = useTranslation('vehicleDetail');
  useDocumentTitle(`${t('tabs.logbook')} · Buchbar`);
  return (
    <UserLayout>
      <VehicleDetailPage
        vehicleId={vehicleId}
        tab={tab}
        tabs={TABS}
        onTab={(next: DetailTab) => navigate({ search: { tab: next }, replace: true })}
      />
    </UserLayout>
  );
}
