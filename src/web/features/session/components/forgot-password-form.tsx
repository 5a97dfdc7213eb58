import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useValidatedForm } from '@web/lib/use-validated-form';
import { useTranslation } from 'react-i18next';
import { useForgotPassword } from '../api/use-forgot-password';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Passwort vergessen?": sends POST /api/session/password/forgot and shows the server's message. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: (email: string) => void }) {
  const { t } = useTranslation('session');
  const forgot = useForgotPassword();
  const form = useValidatedForm({ email: initialEmail }, { email: (v) => (EMAIL.test(v.trim()) ? null : t('login.emailInvalid')) });

  return (
    <form onSubmit={form.onSubmit((values) => forgot.mutate({ email: values.email.trim() }))} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('forgot.title')}
        </Title>
        {forgot.isSuccess ? (
          <Alert color="green" title={t('forgot.sent')} role="status">
            {forgot.data.message ?? t('done')}
          </Alert>
        ) : (
          <Text size="sm">{t('forgot.intro')}</Text>
        )}
        {forgot.isError ? (
          <Alert color="red" role="alert">
            {forgot.error.message}
          </Alert>
        ) : null}
        {!forgot.isSuccess ? (
          <>
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              required
              autoFocus
              name="email"
              {...form.field('email')}
            />
            <Button type="submit" fullWidth loading={forgot.isPending}>
              {t('forgot.submit')}
            </Button>
          </>
        ) : null}
        <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onBack(form.values.email.trim())}>
          {t('forgot.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
