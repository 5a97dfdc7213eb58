import { Alert, Anchor, Button, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginCode } from '../api/use-security';

/** Second sign-in step: the code from the authenticator app, or one of the recovery codes. */
export function SecondFactorStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('session');
  const verify = useLoginCode();
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [leaving, setLeaving] = useState(false);

  const submit = (value: string) =>
    verify.mutate(
      { code: value, kind },
      {
        onSuccess: ({ redirectTo }) => {
          setLeaving(true);
          window.location.assign(redirectTo || '/');
        },
        onError: () => setCode(''),
      },
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) submit(code.trim());
      }}
      noValidate
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('secondFactor.title')}
        </Title>
        <Text size="sm">{kind === 'totp' ? t('secondFactor.intro') : t('secondFactor.recoveryIntro')}</Text>
        {verify.isError ? (
          <Alert color="red" title={t('login.failed')} role="alert">
            {verify.error.message}
          </Alert>
        ) : null}
        {kind === 'totp' ? (
          <Stack gap={4}>
            <Text component="label" size="sm" fw={500} htmlFor="second-factor-code-1">
              {t('secondFactor.code')}
            </Text>
            <PinInput
              id="second-factor-code"
              length={6}
              type="number"
              oneTimeCode
              autoFocus
              value={code}
              onChange={setCode}
              onComplete={submit}
              aria-label={t('secondFactor.code')}
            />
          </Stack>
        ) : (
          <TextInput
            label={t('secondFactor.recoveryCode')}
            autoComplete="off"
            autoFocus
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
        )}
        <Button type="submit" fullWidth loading={verify.isPending || leaving} disabled={!code.trim()}>
          {t('secondFactor.submit')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="center"
          onClick={() => {
            setKind(kind === 'totp' ? 'recovery' : 'totp');
            setCode('');
          }}
        >
          {kind === 'totp' ? t('secondFactor.useRecovery') : t('secondFactor.useApp')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBack}>
          {t('forgot.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
