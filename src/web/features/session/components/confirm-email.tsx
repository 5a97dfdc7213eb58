import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmEmail } from '../api/use-confirm-email';

/** /auth/confirm: posts the token once on load and shows the outcome. */
export function ConfirmEmail({ token }: { token: string | undefined }) {
  const { t } = useTranslation('session');
  const confirm = useConfirmEmail();
  const sent = useRef(false);

  useEffect(() => {
    // A confirmation token works once: never post it twice (StrictMode runs effects twice in development).
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('confirm.title')}
      </Title>
      {!token ? (
        <Alert color="red" role="alert">
          {t('token.missing')}
        </Alert>
      ) : confirm.isSuccess ? (
        <>
          <Alert color="green" role="status">
            {t('confirm.success')}
          </Alert>
          <Anchor component={Link} to="/">
            {t('confirm.toApp')}
          </Anchor>
        </>
      ) : confirm.isError ? (
        <>
          <Alert color="red" title={t('confirm.failed')} role="alert">
            {confirm.error.message}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('toLogin')}
          </Anchor>
        </>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('confirm.pending')}</Text>
        </Group>
      )}
    </Stack>
  );
}
