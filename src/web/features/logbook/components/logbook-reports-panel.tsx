import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportProgress, useSendReport, useStartExport } from '../api/use-logbook-reports';
import { ReportSettingsForm } from './report-settings-form';

/**
 * For holders of the logbook report right: the logbook of all vehicles for the
 * shown period as a background export (progress, then a download), the
 * report mail of that period sent now, and the report settings.
 */
export function LogbookReportsPanel({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('logbook');
  const { t: tc } = useTranslation();
  const start = useStartExport();
  const send = useSendReport();
  const [exportId, setExportId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const progress = useExportProgress(exportId);
  const state = progress.data;

  const run = async (format: 'xlsx' | 'pdf') => {
    setError(null);
    try {
      setExportId((await start.mutateAsync({ format, from, to })).id);
    } catch (e) {
      setError(isApiError(e) ? e.message : tc('errors.unknown'));
    }
  };
  const report = async () => {
    setError(null);
    try {
      const r = await send.mutateAsync({ from, to });
      notifications.show({ color: 'green', message: t('logbook.reports.sent', { count: r.recipients.length }) });
    } catch (e) {
      setError(isApiError(e) ? e.message : tc('errors.unknown'));
    }
  };
  const running = state !== undefined && state.status !== 'fertig' && state.status !== 'fehler';

  return (
    <Paper withBorder p="sm" data-testid="logbook-reports">
      <Stack gap="xs">
        <Title order={5}>{t('logbook.reports.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('logbook.reports.hint')}
        </Text>
        <Group gap="xs">
          <Button variant="light" onClick={() => void run('xlsx')} loading={start.isPending} disabled={running}>
            {t('logbook.reports.backgroundExcel')}
          </Button>
          <Button variant="light" onClick={() => void run('pdf')} loading={start.isPending} disabled={running}>
            {t('logbook.reports.backgroundPdf')}
          </Button>
          <Button variant="default" onClick={() => void report()} loading={send.isPending}>
            {t('logbook.reports.send')}
          </Button>
        </Group>
        {state && state.status !== 'fehler' && (
          <Stack gap={4} data-testid="export-progress">
            <Progress value={state.percent} animated={running} aria-label={t('logbook.reports.title')} />
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">
                {state.status === 'wartend'
                  ? t('logbook.reports.waiting')
                  : state.status === 'fertig'
                    ? t('logbook.reports.done')
                    : t('logbook.reports.progress', { done: state.rowsDone, count: state.rowsTotal, percent: state.percent })}
              </Text>
              {state.status === 'fertig' && (
                <Anchor href={`/api/logbook/exports/${state.id}/file`} data-testid="export-download">
                  {t('logbook.reports.download')}
                </Anchor>
              )}
            </Group>
          </Stack>
        )}
        {(error || state?.status === 'fehler') && (
          <Alert color="red" role="alert">
            {error ?? t('logbook.reports.failed')}
          </Alert>
        )}
        <ReportSettingsForm />
      </Stack>
    </Paper>
  );
}
