import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { BaseLayout } from '@web/components/layouts/base-layout';
import { CancellationPage } from '@web/features/guests/components/cancellation-page';
import { i18n } from '@web/lib/i18n';
import { tokenSearch } from '@web/lib/search-params';
import { useTranslation } from 'react-i18next';

/** docs/product.md#guests: /pub/fahrzeugbuchungstorno (base layout): a guest's booking by its link, without an account. */
export const Route = createFileRoute('/pub/fahrzeugbuchungstorno')({
  validateSearch: tokenSearch,
  loader: () => i18n.loadNamespaces('guests'),
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
