import { berlinDay } from '@domain/vehicle-time';
import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { WorkplaceSidebarLayout } from '@web/components/layouts/workplace-sidebar-layout';
import { vehicleCareQueryOptions } from '@web/features/vehicle-care/api/use-vehicle-care';
import { myBookingsQueryOptions } from '@web/features/vehicles/api/use-my-bookings';
import { vehicleAttributesQueryOptions } from '@web/features/vehicles/api/use-vehicle-attributes';
import { timelinePeriod, vehicleTimelineQueryOptions } from '@web/features/vehicles/api/use-vehicle-timeline';
import { vehiclesQueryOptions } from '@web/features/vehicles/api/use-vehicles';
import { VehiclesPage } from '@web/features/vehicles/components/vehicles-page';
import { guardPage } from '@web/lib/route-guard';
import { useMe } from '@web/lib/use-me';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/** docs/product.md#screens: /fahrzeuge (workplace sidebar layout): vehicle cards with timeline and booking; the sidebar shows the own bookings. */
export const Route = createFileRoute('/_app/fahrzeuge/')({
  beforeLoad: ({ context, location }) => guardPage(context.me, location.pathname),
  // Runs while the screen's code loads: the vehicle list, today's timeline, the care marks, the
  // attributes, the own bookings and the texts are not requested one after the other by the
  // rendered components, and the cards render once with all of it (docs/product.md#performance-budgets: LCP, CLS).
  loader: ({ context }) => {
    const today = timelinePeriod(berlinDay(new Date()), 1);
    void context.queryClient.prefetchQuery(vehiclesQueryOptions());
    void context.queryClient.prefetchQuery(vehicleTimelineQueryOptions(today.from, today.to));
    void context.queryClient.prefetchQuery(vehicleCareQueryOptions());
    void context.queryClient.prefetchQuery(vehicleAttributesQueryOptions('FAHRZEUG'));
    void context.queryClient.prefetchQuery(myBookingsQueryOptions(false));
    return context.i18n.loadNamespaces('vehicles');
  },
  component: Page,
});

// The sidebar sits in the burger menu on phones: its code loads when it is shown (docs/product.md#performance-budgets).
const MyBookingsSidebar = lazy(() =>
  import('@web/features/vehicles/components/my-bookings').then((m) => ({ default: m.MyBookingsSidebar })),
);

const GuestBookingsSidebar = lazy(() =>
  import('@web/features/guests/components/guest-bookings-panel').then((m) => ({ default: m.GuestBookingsSidebar })),
);

function Page() {
  const me = useMe();
  const { t } = useTranslation();
  return (
    <WorkplaceSidebarLayout
      sidebar={
        <Suspense fallback={null}>
          <MyBookingsSidebar myId={me.user.id} />
          {me.permissions.includes('fahrzeug_gastbuchung') && <GuestBookingsSidebar />}
        </Suspense>
      }
    >
      <Text size="sm" c="dimmed" mb="xs">
        {t('start.welcome', { firstName: me.user.firstName, lastName: me.user.lastName })} · {me.tenant.name}
      </Text>
      <VehiclesPage myId={me.user.id} />
    </WorkplaceSidebarLayout>
  );
}
