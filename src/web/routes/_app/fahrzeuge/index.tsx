import { createFileRoute } from '@tanstack/react-router';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WorkplaceSidebarLayout } from '../../../components/layouts/workplace-sidebar-layout';
import { useMe } from '../../../features/session/api/use-me';
import { MyBookingsSidebar } from '../../../features/vehicles/components/my-bookings';
import { VehiclesPage } from '../../../features/vehicles/components/vehicles-page';

/** SPEC §2: /fahrzeuge (workplace sidebar layout): vehicle cards with timeline and booking; the sidebar shows the own bookings. */
export const Route = createFileRoute('/_app/fahrzeuge/')({
  component: Page,
});

function Page() {
  const me = useMe();
  const { t } = useTranslation();
  return (
    <WorkplaceSidebarLayout sidebar={<MyBookingsSidebar myId={me.user.id} />}>
      <Text size="sm" c="dimmed" mb="xs">
        {t('start.welcome', { firstName: me.user.firstName, lastName: me.user.lastName })} · {me.tenant.name}
      </Text>
      <VehiclesPage myId={me.user.id} />
    </WorkplaceSidebarLayout>
  );
}
