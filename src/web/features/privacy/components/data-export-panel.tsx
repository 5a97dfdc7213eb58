import { formatDateTime } from '@domain/time';
import { Alert, Anchor, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDataExports, useStartDataExport } from '../api/use-data-exports';

/**
 * "Meine Daten herunterladen" (Art. 15/20 DSGVO, decision 105): starts the
 * export, shows its progress and, when done, the download of the ZIP until it
 * expires a day later.
 */
export function DataExportPanel() {
  const { t } = useTranslation('session');
  const exports = useDataExports();
  const start = useStartDataExport();
  const newest = exports.data?.exports[0];
  const running = newest?.status === 'wartend' || newest?.status === 'laeuft';
  return (
    <Stack gap="xs" data-testid="data-export" data-status={newest?.status ?? 'none'}>
      <Title order={3} size="h5">
        {t('dataExport.title')}
      </Title>
      <Text size="sm">{t('dataExport.intro')}</Text>
      {start.isError ? (
        <Alert color="red" role="alert">
          {start.error.message}
        </Alert>
      ) : null}
      {newest && newest.status !== 'fehler' ? (
        <Stack gap={4}>
          <Progress value={newest.percent} animated={running} aria-label={t('dataExport.title')} />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" role="status">
              {newest.status === 'fertig'
                ? t('dataExport.ready', { date: formatDateTime(newest.expiresAt) })
                : t('dataExport.running', { percent: newest.percent })}
            </Text>
            {newest.status === 'fertig' ? (
              <Anchor href={`/api/me/data-exports/${newest.id}/file`} data-testid="data-export-download">
                {t('dataExport.download')}
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      ) : null}
      {newest?.status === 'fehler' ? (
        <Alert color="red" role="alert">
          {newest.error ?? t('dataExport.failed')}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" loading={start.isPending} disabled={running} onClick={() => start.mutate()}>
          {t('dataExport.start')}
        </Button>
      </Group>
    </Stack>
  );
}
