import { isoToGerman } from '@domain/vehicle-time';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { STATE_COLOURS } from '@web/components/own-licence-panel';
import { PersonHistoryDrawer } from '@web/components/person-history-drawer';
import { useTranslation } from 'react-i18next';
import { useCheckHistory } from '../api/use-check-history';
import { ScanControls } from './scan-controls';

/** Every check of one person, newest first: what was shown, by whom, how. */
export function HistoryDrawer({ person, onClose }: { person: { userId: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation('licences');
  const history = useCheckHistory(person?.userId ?? null);
  return (
    <PersonHistoryDrawer
      open={person !== null}
      onClose={onClose}
      title={person ? t('historyFor', { name: person.name }) : ''}
      history={history}
    >
      {(data) => (
        <Stack gap="sm" data-history={data.checks.length}>
          <Group gap="xs">
            <Badge color={STATE_COLOURS[data.state]} variant="light" tt="none">
              {t(`states.${data.state}`)}
            </Badge>
            {data.licence && (
              <Text size="sm">
                {t('columns.nextCheck')}: {isoToGerman(data.licence.nextCheck)}
              </Text>
            )}
          </Group>
          {data.checks.length === 0 && <Text c="dimmed">{t('noChecks')}</Text>}
          {data.scansEnabled && data.checks.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('scan.hint')}
            </Text>
          )}
          {data.checks.map((c) => (
            <Card key={c.id} withBorder padding="sm" data-check={c.checkedOn}>
              <Stack gap={2}>
                <Group justify="space-between" wrap="wrap">
                  <Text fw={600}>{isoToGerman(c.checkedOn)}</Text>
                  <Badge variant="outline" tt="none">
                    {t(`methods.${c.method}`)}
                  </Badge>
                </Group>
                <Text size="sm">{t('entry.checkedBy', { name: c.examinerName })}</Text>
                <Text size="sm">
                  {t('columns.classes')}: {c.classes.join(', ') || t('none')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('entry.number', { number: c.licenceNumber })} · {t('entry.issued', { date: isoToGerman(c.issueDate) })}
                </Text>
                {c.banFrom && c.banTo && (
                  <Text size="sm" c="grape">
                    {t('entry.ban', { from: isoToGerman(c.banFrom), to: isoToGerman(c.banTo) })}
                  </Text>
                )}
                {c.extraInfo && <Text size="sm">{c.extraInfo}</Text>}
                {c.remark && (
                  <Text size="sm" fs="italic">
                    {c.remark}
                  </Text>
                )}
                {data.scansEnabled && <ScanControls checkId={c.id} hasScan={c.hasScan} />}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </PersonHistoryDrawer>
  );
}
