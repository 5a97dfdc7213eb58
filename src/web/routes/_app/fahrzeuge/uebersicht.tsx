import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { UserLayout } from '../../../components/layouts/user-layout';
import { useMe } from '../../../features/session/api/use-me';
import { BookingsOverview } from '../../../features/vehicles/components/my-bookings';
import { myBookingsQueryOptions } from '../../../features/vehicles/api/use-my-bookings';

/** SPEC §2: /fahrzeuge/uebersicht (user layout): own bookings and bookings made for others. */
export const Route = createFileRoute('/_app/fahrzeuge/uebersicht')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myBookingsQueryOptions(false));
  },
  component: Page,
});

function Page() {
  const me = useMe();
  const { t } = useTranslation('vehicles');
  useDocumentTitle(`${t('overview.title')} · Buchbar`);
  return (
    <UserLayout>
      <BookingsOverview myId={me.user.id} />
    </UserLayout>
  );
}
