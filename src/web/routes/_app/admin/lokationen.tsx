import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { locationsQueryOptions } from '@web/features/locations/api/use-locations';
import { LocationsAdmin } from '@web/features/locations/components/locations-admin';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/_app/admin/lokationen')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(locationsQueryOptions());
  },
  component: Page,
});

function Page() {
  const { t } = useTranslation('locations');
  useDocumentTitle(`${t('title')} · Buchbar`);
  return (
    <AdminPage>
      <LocationsAdmin />
    </AdminPage>
  );
}
