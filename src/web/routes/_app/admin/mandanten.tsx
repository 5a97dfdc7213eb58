import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { DirectorySettings } from '@web/features/directory/public';
import { TenantIntegrations } from '@web/features/integrations/public';
import { OccupancyEmbedding } from '@web/features/occupancy/public';
import { ScimProvisioning } from '@web/features/scim/public';
import { tenantAdminQueryOptions } from '@web/features/tenant/api/use-tenant-admin';
import { TenantAdmin } from '@web/features/tenant/components/tenant-admin';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/_app/admin/mandanten')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(tenantAdminQueryOptions());
  },
  component: Page,
});

function Page() {
  const { t } = useTranslation('clients');
  useDocumentTitle(`${t('title')} · Buchbar`);
  return (
    <AdminPage>
      <Stack gap="md">
        <TenantAdmin />
        <DirectorySettings />
        <TenantIntegrations />
        <ScimProvisioning />
        <OccupancyEmbedding />
      </Stack>
    </AdminPage>
  );
}
