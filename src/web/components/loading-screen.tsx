import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The loading screen (/ladebildschirm) and the pending state while the start-up data loads. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Title order={1} c="buchbar.8">
          {t('appName')}
        </Title>
        <Loader size="lg" aria-hidden="true" />
        <Text size="lg">{t('loading')}</Text>
      </Stack>
    </Center>
  );
}
