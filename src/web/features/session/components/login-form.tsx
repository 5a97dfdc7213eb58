import { Alert, Anchor, Button, Divider, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useBrowserFeature } from '@web/lib/use-after-hydration';
import { useValidatedForm } from '@web/lib/use-validated-form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../api/use-login';
import { passkeyProblem, passkeysSupported, usePasskeyLogin } from '../api/use-passkeys';
import { SecondFactorStep } from './second-factor-step';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Sign-in form. On success a full page load of the server's redirectTo, so the start-up data loads fresh. */
export function LoginForm({
  initialEmail = '',
  onForgotPassword,
  onEmailCode,
}: {
  initialEmail?: string;
  onForgotPassword: (email: string) => void;
  /** Offered when the tenant lets people sign in with a code by e-mail. */
  onEmailCode?: (email: string) => void;
}) {
  const { t } = useTranslation('session');
  const login = useLogin();
  const passkey = usePasskeyLogin();
  // the server cannot know: it renders the form without, the browser adds the passkey after hydration
  const withPasskeys = useBrowserFeature(passkeysSupported);
  const [leaving, setLeaving] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const form = useValidatedForm(
    { email: initialEmail, password: '' },
    {
      email: (v) => (EMAIL.test(v.trim()) ? null : t('login.emailInvalid')),
      password: (v) => (v ? null : t('login.passwordRequired')),
    },
  );

  const signInWithPasskey = () => {
    login.reset();
    passkey.mutate(undefined, {
      onSuccess: ({ redirectTo }) => {
        setLeaving(true);
        window.location.assign(redirectTo || '/');
      },
    });
  };
  // A closed prompt is the person's choice, not a failure to report.
  const passkeyFailure = (() => {
    if (!passkey.isError) return null;
    const p = passkeyProblem(passkey.error);
    return p.kind === 'server' ? p.message : p.kind === 'browser' ? t('passkeys.browserFailed') : null;
  })();

  const submit = form.onSubmit((values) => {
    passkey.reset();
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: ({ redirectTo, secondFactor }) => {
          if (secondFactor) {
            setNeedsCode(true);
            return;
          }
          setLeaving(true);
          window.location.assign(redirectTo || '/');
        },
      },
    );
  });

  if (needsCode)
    return (
      <SecondFactorStep
        onBack={() => {
          setNeedsCode(false);
          login.reset();
          form.field('password').onChange({ currentTarget: { value: '' } });
        }}
      />
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('login.title')}
        </Title>
        {login.isError || passkeyFailure ? (
          <Alert color="red" title={t('login.failed')} role="alert">
            {login.isError ? login.error.message : passkeyFailure}
          </Alert>
        ) : null}
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
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
          name="password"
          {...form.field('password')}
        />
        <Button type="submit" fullWidth loading={login.isPending || leaving}>
          {t('login.submit')}
        </Button>
        {withPasskeys ? (
          <>
            <Divider label={t('login.passkeyOr')} labelPosition="center" />
            <Button type="button" variant="default" fullWidth loading={passkey.isPending} disabled={leaving} onClick={signInWithPasskey}>
              {t('login.passkey')}
            </Button>
          </>
        ) : null}
        <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onForgotPassword(form.values.email.trim())}>
          {t('login.forgot')}
        </Anchor>
        {onEmailCode ? (
          <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onEmailCode(form.values.email.trim())}>
            {t('emailCode.offer')}
          </Anchor>
        ) : null}
      </Stack>
    </form>
  );
}
