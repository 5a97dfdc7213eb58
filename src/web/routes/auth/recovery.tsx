import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { LoginLayout } from '@web/components/layouts/login-layout';
import { SetPasswordForm } from '@web/features/session/components/set-password-form';
import { tokenSearch } from '@web/lib/search-params';
import { useTranslation } from 'react-i18next';

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
