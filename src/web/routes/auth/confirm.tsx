import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LoginLayout } from '../../components/layouts/login-layout';
import { ConfirmEmail } from '../../features/session/components/confirm-email';
import { tokenSearch } from '../../lib/search-params';

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
