import { Container, Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { SetPasswordForm } from '@web/features/session/components/set-password-form';
import { tokenSearch } from '@web/lib/search-params';
import { useTranslation } from 'react-i18next';

/** Public: creating the password from an invitation (docs/product.md#screens: user layout). */
export const Route = createFileRoute('/leseraum/passwort')({
  validateSearch: tokenSearch,
  component: InvitationPasswordPage,
});

function InvitationPasswordPage() {
  const { t } = useTranslation('session');
  const { token } = Route.useSearch();
  useDocumentTitle(`${t('invitation.title')} · Buchbar`);
  return (
    <UserLayout anonymous>
      <Container size="xs" px={0} py="lg">
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
          <SetPasswordForm token={token} mode="invitation" />
        </Paper>
      </Container>
    </UserLayout>
  );
}
