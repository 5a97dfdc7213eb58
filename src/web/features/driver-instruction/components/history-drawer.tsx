import { isoToGerman } from '@domain/vehicle-time';
import { Card, Stack, Text } from '@mantine/core';
import { PersonHistoryDrawer } from '@web/components/person-history-drawer';
import { useTranslation } from 'react-i18next';
import { useInstructionHistory } from '../api/use-instruction-drivers';
import { useTopicName } from './parts';

/** Every instruction of one person, newest first: the day, how, which version, by whom. */
export function HistoryDrawer({ person, onClose }: { person: { userId: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation('driverInstruction');
  const topicName = useTopicName();
  const history = useInstructionHistory(person?.userId ?? null);
  return (
    <PersonHistoryDrawer
      open={person !== null}
      onClose={onClose}
      title={person ? t('history.title', { name: person.name }) : ''}
      history={history}
    >
      {(data) => (
        <Stack gap="sm">
          {data.entries.length === 0 && <Text c="dimmed">{t('history.empty')}</Text>}
          {data.entries.map((e) => (
            <Card key={e.id} withBorder padding="sm" data-instruction={e.instructedOn}>
              <Stack gap={2}>
                <Text fw={600}>
                  {t('history.entry', {
                    date: isoToGerman(e.instructedOn),
                    kind: t(`kinds.${e.kind}`),
                    topic: topicName(e.category),
                    version: e.version,
                  })}
                </Text>
                <Text size="sm">{e.title}</Text>
                {e.instructor && <Text size="sm">{t('history.instructor', { name: e.instructor })}</Text>}
                <Text size="sm" c="dimmed">
                  {t('history.recordedBy', { name: e.recordedBy })}
                </Text>
                {e.note && <Text size="sm">{e.note}</Text>}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </PersonHistoryDrawer>
  );
}
