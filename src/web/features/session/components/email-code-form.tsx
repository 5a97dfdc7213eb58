import { Alert, Anchor, Button, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmailCodeLogin, useRequestEmailCode } from '../api/use-email-code';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Sign-in without a password: a six-digit code by e-mail, valid 10 minutes and once. */
export function EmailCodeForm({ initialEmail = '', onBack }: { initialEmail?: string; onBack: (email: string) => void }) {
  const { t } = useTranslation('session');
  const request = useRequestEmailCode();
  const login = useEmailCodeLogin();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [leaving, setLeaving] = useState(false);

  const submitCode = (value: string) =>
    login.mutate(
      { email: email.trim(), code: value },
      {
        onSuccess: ({ redirectTo }) => {
          setLeaving(true);
          window.location.assign(redirectTo || '/');
        },
        onError: () => setCode(''),
      },
    );

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('emailCode.title')}
      </Title>
      {!request.isSuccess ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!EMAIL.test(email.trim())) {
              setEmailError(t('login.emailInvalid'));
              return;
            }
            request.mutate({ email: email.trim() });
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('emailCode.intro')}</Text>
            {request.isError ? (
              <Alert color="red" role="alert">
                {request.error.message}
              </Alert>
            ) : null}
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              required
              autoFocus
              value={email}
              error={emailError}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setEmailError(null);
              }}
            />
            <Button type="submit" fullWidth loading={request.isPending}>
              {t('emailCode.send')}
            </Button>
          </Stack>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (code.length === 6) submitCode(code);
          }}
        >
          <Stack gap="md">
            <Alert color="green" role="status">
              {request.data.message}
            </Alert>
            {login.isError ? (
              <Alert color="red" title={t('login.failed')} role="alert">
                {login.error.message}
              </Alert>
            ) : null}
            <Stack gap={4}>
              <Text component="label" size="sm" fw={500} htmlFor="email-code-1">
                {t('emailCode.code')}
              </Text>
              <PinInput
                id="email-code"
                length={6}
                type="number"
                oneTimeCode
                autoFocus
                value={code}
                onChange={setCode}
                onComplete={submitCode}
                aria-label={t('emailCode.code')}
              />
            </Stack>
            <Button type="submit" fullWidth loading={login.isPending || leaving} disabled={code.length !== 6}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onBack(email.trim())}>
        {t('forgot.back')}
      </Anchor>
    </Stack>
  );
}
