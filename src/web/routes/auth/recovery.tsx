import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LoginLayout } from '../../components/layouts/login-layout';
import { SetPasswordForm } from '../../features/session/components/set-password-form';
import { tokenSearch } from '../../lib/search-params';

export const Route = createFileRoute('/auth/recovery')({
  validateSearch: tokenSearch,
  component: RecoveryPage,
});

function RecoveryPage() {
  const { t } = useTranslation('session');
  const { token } = Route.useSearch();
  useDocumentTitle(`${t('recovery.title')} · Buchbar`);
  return (
    <LoginLayout>
      <SetPasswordForm token={token} mode="recovery" />
    </LoginLayout>
  );
}
