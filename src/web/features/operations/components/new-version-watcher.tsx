import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reloadOnce } from '@web/lib/reload-guard';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatestBuild } from '../api/use-latest-build';

const NOTIFICATION_ID = 'buchbar-new-version';

function Watcher() {
  const { t } = useTranslation();
  const latest = useLatestBuild();
  const announced = useRef<string | null>(null);
  const buildId = latest.data?.buildId;

  useEffect(() => {
    if (!buildId || buildId === __BUILD_ID__ || announced.current === buildId) return;
    announced.current = buildId;
    notifications.show({
      id: NOTIFICATION_ID,
      title: t('version.title'),
      autoClose: false,
      withCloseButton: true,
      color: 'buchbar',
      message: (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('version.available')}</Text>
          <Button size="xs" onClick={() => reloadOnce()}>
            {t('version.reload')}
          </Button>
        </Stack>
      ),
    });
  }, [buildId, t]);

  return null;
}

/**
 * docs/product.md#app-start-and-new-versions: polls /builds/latest.json (every 60 s and on focus); when the
 * server has another build than this tab runs, a persistent notification
 * offers "Neu laden". Off in the Vite dev server, which has no manifest of its own.
 */
export function NewVersionWatcher() {
  return import.meta.env.DEV ? null : <Watcher />;
}
