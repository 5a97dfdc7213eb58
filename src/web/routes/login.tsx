import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { useTenant } from '@web/lib/use-tenant';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginLayout } from '../components/layouts/login-layout';
import { EmailCodeForm } from '../features/session/components/email-code-form';
import { ForgotPasswordForm } from '../features/session/components/forgot-password-form';
import { LoginForm } from '../features/session/components/login-form';
import { ssoSearch } from '../lib/search-params';

export const Route = createFileRoute('/login')({
  validateSearch: ssoSearch,
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation('session');
  const tenant = useTenant();
  const [mode, setMode] = useState<{ kind: 'login' | 'forgot' | 'email-code'; email: string }>({ kind: 'login', email: '' });
  useDocumentTitle(`${mode.kind === 'forgot' ? t('forgot.title') : t('login.title')} · Buchbar`);
  const back = (email: string) => setMode({ kind: 'login', email });
  const { sso } = Route.useSearch();
  const provider = tenant.data?.singleSignOn;
  return (
    <LoginLayout>
      {sso ? (
        <Alert color="red" role="alert" mb="md">
          {sso === 'abgelehnt' ? t('login.singleSignOnRefused') : t('login.singleSignOnUnavailable')}
        </Alert>
      ) : null}
      {provider && mode.kind === 'login' ? (
        <Stack gap="xs" mb="md">
          <Button component="a" href="/api/session/sso/start" fullWidth variant="filled" color="dark">
            {t('login.singleSignOn', { name: provider.providerName })}
          </Button>
          <Divider label={t('login.singleSignOnOr')} labelPosition="center" />
        </Stack>
      ) : null}
      {mode.kind === 'login' ? (
        <LoginForm
          initialEmail={mode.email}
          onForgotPassword={(email) => setMode({ kind: 'forgot', email })}
          onEmailCode={tenant.data?.emailCodeSignIn ? (email) => setMode({ kind: 'email-code', email }) : undefined}
        />
      ) : mode.kind === 'forgot' ? (
        <ForgotPasswordForm initialEmail={mode.email} onBack={back} />
      ) : (
        <EmailCodeForm initialEmail={mode.email} onBack={back} />
      )}
    </LoginLayout>
  );
}
