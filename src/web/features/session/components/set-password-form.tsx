import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useValidatedForm } from '@web/lib/use-validated-form';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from '../api/use-reset-password';
import { MIN_PASSWORD_LENGTH } from './password-rules';

/**
 * New password twice (must match, at least 8 characters), then POST
 * /api/session/password/reset. 'recovery' after "Passwort vergessen?",
 * 'invitation' for a new account (/leseraum/passwort).
 */
export function SetPasswordForm({ token, mode }: { token: string | undefined; mode: 'recovery' | 'invitation' }) {
  const { t } = useTranslation('session');
  const reset = useResetPassword();
  const form = useValidatedForm(
    { password: '', repeat: '' },
    {
      password: (v) => (v.length >= MIN_PASSWORD_LENGTH ? null : t('password.minLength')),
      repeat: (v, values) => (v === values.password ? null : t('password.mismatch')),
    },
  );
  const toggle = { 'aria-label': t('password.toggle') };
  const texts = mode === 'invitation' ? 'invitation' : 'recovery';

  const toLogin = (
    <Anchor component={Link} to="/login">
      {t('toLogin')}
    </Anchor>
  );

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t(`${texts}.title`)}
      </Title>
      {!token ? (
        <>
          <Alert color="red" role="alert">
            {t('token.missing')}
          </Alert>
          {toLogin}
        </>
      ) : reset.isSuccess ? (
        <>
          <Alert color="green" role="status">
            {t(`${texts}.success`)}
          </Alert>
          {toLogin}
        </>
      ) : (
        <form onSubmit={form.onSubmit((values) => reset.mutate({ token, password: values.password }))} noValidate>
          <Stack gap="md">
            <Text size="sm">{t(`${texts}.intro`)}</Text>
            {reset.isError ? (
              <Alert color="red" role="alert">
                {reset.error.message}
              </Alert>
            ) : null}
            <PasswordInput
              label={t('password.new')}
              description={t('password.hint')}
              autoComplete="new-password"
              required
              autoFocus
              visibilityToggleButtonProps={toggle}
              name="password"
              {...form.field('password')}
            />
            <PasswordInput
              label={t('password.repeat')}
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={toggle}
              name="repeat"
              {...form.field('repeat')}
            />
            <Button type="submit" fullWidth loading={reset.isPending}>
              {t(`${texts}.submit`)}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
