import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { VehicleDetailPage } from '@web/features/vehicle-detail/components/vehicle-detail-page';
import { type DetailTab, detailSearch } from '@web/features/vehicle-detail/tabs';
import { useTranslation } from 'react-i18next';

/** /fahrzeuge/:id (user layout): vehicle detail with master data, logbook, damages and history; the tab is a search param. */
export const Route = createFileRoute('/_app/fahrzeuge/$vehicleId')({
  validateSearch: detailSearch,
  component: Page,
});

function Page() {
  const { vehicleId } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { t } = useTranslation('vehicleDetail');
  useDocumentTitle(`${t('tabs.logbook')} · Buchbar`);
  return (
    <UserLayout>
      <VehicleDetailPage vehicleId={vehicleId} tab={tab} onTab={(next: DetailTab) => navigate({ search: { tab: next }, replace: true })} />
    </UserLayout>
  );
}
