import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginLayout } from '../components/layouts/login-layout';
import { EmailCodeForm } from '../features/session/components/email-code-form';
import { ForgotPasswordForm } from '../features/session/components/forgot-password-form';
import { LoginForm } from '../features/session/components/login-form';
import { useTenant } from '../features/tenant/api/use-tenant';

export const Route = createFileRoute('/login')({
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation('session');
  const tenant = useTenant();
  const [mode, setMode] = useState<{ kind: 'login' | 'forgot' | 'email-code'; email: string }>({ kind: 'login', email: '' });
  useDocumentTitle(`${mode.kind === 'forgot' ? t('forgot.title') : t('login.title')} · Buchbar`);
  const back = (email: string) => setMode({ kind: 'login', email });
  return (
    <LoginLayout>
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
