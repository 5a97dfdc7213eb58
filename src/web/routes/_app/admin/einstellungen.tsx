import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { adminSettingsQueryOptions } from '@web/features/settings/api/use-admin-settings';
import { SettingsAdmin } from '@web/features/settings/components/settings-admin';
import { useTranslation } from 'react-i18next';

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
