import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { RolesAdmin } from '@web/features/access-admin/components/roles-admin';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/_app/admin/rollen')({ component: Page });

function Page() {
  const { t } = useTranslation('access');
  useDocumentTitle(`${t('roles.title')} · Buchbar`);
  return (
    <AdminPage>
      <RolesAdmin />
    </AdminPage>
  );
}
