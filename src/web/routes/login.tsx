import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginLayout } from '../components/layouts/login-layout';
import { ForgotPasswordForm } from '../features/session/components/forgot-password-form';
import { LoginForm } from '../features/session/components/login-form';

export const Route = createFileRoute('/login')({
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation('session');
  const [mode, setMode] = useState<{ kind: 'login' | 'forgot'; email: string }>({ kind: 'login', email: '' });
  useDocumentTitle(`${mode.kind === 'login' ? t('login.title') : t('forgot.title')} · Buchbar`);
  return (
    <LoginLayout>
      {mode.kind === 'login' ? (
        <LoginForm initialEmail={mode.email} onForgotPassword={(email) => setMode({ kind: 'forgot', email })} />
      ) : (
        <ForgotPasswordForm initialEmail={mode.email} onBack={(email) => setMode({ kind: 'login', email })} />
      )}
    </LoginLayout>
  );
}
