import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { TrailsAdmin } from '@web/features/access-admin/components/trails-admin';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/_app/admin/protokoll')({ component: Page });

function Page() {
  const { t } = useTranslation('trails');
  useDocumentTitle(`${t('title')} · Buchbar`);
  return (
    <AdminPage>
      <TrailsAdmin />
    </AdminPage>
  );
}
