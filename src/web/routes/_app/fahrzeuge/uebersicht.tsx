import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { myBookingsQueryOptions } from '@web/features/vehicles/api/use-my-bookings';
import { BookingsOverview } from '@web/features/vehicles/components/my-bookings';
import { guardPage } from '@web/lib/route-guard';
import { useMe } from '@web/lib/use-me';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/** docs/product.md#screens: /fahrzeuge/uebersicht (user layout): own bookings and bookings made for others. */
export const Route = createFileRoute('/_app/fahrzeuge/uebersicht')({
  beforeLoad: ({ context, location }) => guardPage(context.me, location.pathname),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myBookingsQueryOptions(false));
  },
  component: Page,
});

// Only the reception (fahrzeug_gastbuchung) needs the guest screens: their code loads for them alone.
const GuestBookingsPanel = lazy(() =>
  import('@web/features/guests/components/guest-bookings-panel').then((m) => ({ default: m.GuestBookingsPanel })),
);

function Page() {
  const me = useMe();
  const { t } = useTranslation('vehicles');
  useDocumentTitle(`${t('overview.title')} · Buchbar`);
  return (
    <UserLayout>
      <BookingsOverview myId={me.user.id} />
      {me.permissions.includes('fahrzeug_gastbuchung') && (
        <Suspense fallback={null}>
          <GuestBookingsPanel />
        </Suspense>
      )}
    </UserLayout>
  );
}
