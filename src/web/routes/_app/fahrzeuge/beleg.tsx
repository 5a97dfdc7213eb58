import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { ReceiptPage } from '@web/features/fleet-costs/components/receipt-page';
import { optionalText } from '@web/lib/search-params';
import { useTranslation } from 'react-i18next';

/** /fahrzeuge/beleg?fahrzeug=…&buchung=… (user layout): a fuel receipt or charging session after a trip; the server checks who may. */
export const Route = createFileRoute('/_app/fahrzeuge/beleg')({
  validateSearch: (search: Record<string, unknown>) => ({
    fahrzeug: optionalText(search.fahrzeug) ?? '',
    buchung: optionalText(search.buchung),
  }),
  component: Page,
});

function Page() {
  const { fahrzeug, buchung } = Route.useSearch();
  const { t } = useTranslation('fleetCosts');
  useDocumentTitle(`${t('receipt.title')} · Buchbar`);
  return (
    <UserLayout>
      <ReceiptPage vehicleId={fahrzeug} bookingId={buchung ?? null} />
    </UserLayout>
  );
}
