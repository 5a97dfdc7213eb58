import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { GroupsAdmin } from '@web/features/access-admin/components/groups-admin';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/_app/admin/gruppen')({ component: Page });

function Page() {
  const { t } = useTranslation('access');
  useDocumentTitle(`${t('groups.title')} · Buchbar`);
  return (
    <AdminPage>
      <GroupsAdmin />
    </AdminPage>
  );
}
