import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { LoginLayout } from '@web/components/layouts/login-layout';
import { ConfirmEmail } from '@web/features/session/components/confirm-email';
import { tokenSearch } from '@web/lib/search-params';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/auth/confirm')({
  validateSearch: tokenSearch,
  component: ConfirmPage,
});

function ConfirmPage() {
  const { t } = useTranslation('session');
  const { token } = Route.useSearch();
  useDocumentTitle(`${t('confirm.title')} · Buchbar`);
  return (
    <LoginLayout>
      <ConfirmEmail token={token} />
    </LoginLayout>
  );
}
