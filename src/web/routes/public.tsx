import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { BaseLayout } from '@web/components/layouts/base-layout';
import { RentalPage } from '@web/features/guests/components/rental-page';
import { optionalText } from '@web/lib/search-params';
import { useTranslation } from 'react-i18next';

/** docs/product.md#public-guest-rental: /public – the guest bike rental of the host's tenant (no account; ?anfrage= confirms a request). */
export const Route = createFileRoute('/public')({
  validateSearch: (search: Record<string, unknown>): { anfrage?: string } => {
    const anfrage = optionalText(search.anfrage);
    return anfrage === undefined ? {} : { anfrage };
  },
  loader: ({ context }) => context.i18n.loadNamespaces('guests'),
  component: Page,
});

function Page() {
  const { t } = useTranslation('guests');
  const { anfrage } = Route.useSearch();
  useDocumentTitle(`${t('rental.title')} · Buchbar`);
  return (
    <BaseLayout>
      <RentalPage confirmToken={anfrage} />
    </BaseLayout>
  );
}
