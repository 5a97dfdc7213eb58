import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { BaseLayout } from '@web/components/layouts/base-layout';
import { publicBookingQueryOptions } from '@web/features/guests/api/use-public-booking';
import { CancellationPage } from '@web/features/guests/components/cancellation-page';
import { tokenSearch } from '@web/lib/search-params';
import { useTranslation } from 'react-i18next';

/** docs/product.md#guests: /pub/fahrzeugbuchungstorno (base layout): a guest's booking by its link, without an account. */
export const Route = createFileRoute('/pub/fahrzeugbuchungstorno')({
  validateSearch: tokenSearch,
  loaderDeps: ({ search }) => ({ token: search.token }),
  // The booking is read with the texts, on the server too: the page's HTML shows it before any script ran (decision 222).
  loader: ({ context, deps }) => {
    if (deps.token) void context.queryClient.prefetchQuery(publicBookingQueryOptions(deps.token));
    return context.i18n.loadNamespaces('guests');
  },
  component: Page,
});

function Page() {
  const { t } = useTranslation('guests');
  const { token } = Route.useSearch();
  useDocumentTitle(`${t('cancel.title')} · Buchbar`);
  return (
    <BaseLayout>
      <CancellationPage token={token} />
    </BaseLayout>
  );
}
