import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../components/admin-page';
import { SettingsAdmin } from '../../../features/admin-settings/components/settings-admin';
import { adminSettingsQueryOptions } from '../../../features/admin-settings/api/use-admin-settings';

export const Route = createFileRoute('/_app/admin/einstellungen')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(adminSettingsQueryOptions());
  },
  component: SettingsPage,
});

function SettingsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(`${t('settings.title')} · Buchbar`);
  return (
    <AdminPage>
      <SettingsAdmin />
    </AdminPage>
  );
}
