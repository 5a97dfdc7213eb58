import type { TopicStandingDto } from '@contracts/driver-instruction';
import { berlinDay, isoToGerman } from '@domain/vehicle-time';
import { Alert, Anchor, Button, Card, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmInstruction, useOwnInstruction } from '../api/use-own-instruction';
import { InstructionBadge, useTopicName } from './parts';

function Topic({ topic }: { topic: TopicStandingDto }) {
  const { t } = useTranslation('driverInstruction');
  const topicName = useTopicName();
  const confirm = useConfirmInstruction();
  const [read, setRead] = useState(false);
  const v = topic.current;
  const confirmedToday = topic.last?.instructedOn === berlinDay(new Date()) && topic.last.version === v.version;
  return (
    <Card withBorder padding="md" data-topic={topic.category || 'allgemein'} data-instruction-state={topic.state}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('topic')}: {topicName(topic.category)}
            </Text>
            <Title order={2} size="h4">
              {v.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t('own.version', { version: v.version, date: isoToGerman(v.publishedOn) })}
            </Text>
          </Stack>
          <InstructionBadge state={topic.state} />
        </Group>
        {topic.last ? (
          <Stack gap={0}>
            <Text size="sm">
              {t('own.last', {
                date: isoToGerman(topic.last.instructedOn),
                kind: t(`kinds.${topic.last.kind}`),
                version: topic.last.version,
              })}
            </Text>
            {topic.last.instructor && <Text size="sm">{t('own.lastBy', { name: topic.last.instructor })}</Text>}
          </Stack>
        ) : (
          <Text size="sm">{t('own.never')}</Text>
        )}
        {topic.nextDue && (
          <Text size="sm" fw={600} data-testid="instruction-next-due">
            {t('own.nextDue', { date: isoToGerman(topic.nextDue) })}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="instruction-body">
          {v.body}
        </Text>
        {v.hasPdf && (
          <Anchor href={`/api/driver-instruction/versions/${v.id}/pdf`} target="_blank" rel="noopener" size="sm">
            {t('own.pdf')}
          </Anchor>
        )}
        {confirm.isError && (
          <Alert color="red" role="alert">
            {confirm.error.message}
          </Alert>
        )}
        {confirmedToday ? (
          <Alert color="green">{t('own.confirmedToday')}</Alert>
        ) : (
          <Stack gap="xs">
            <Checkbox label={t('own.read')} checked={read} onChange={(e) => setRead(e.currentTarget.checked)} />
            <Group>
              <Button
                disabled={!read}
                loading={confirm.isPending}
                onClick={() =>
                  confirm.mutate(v.id, {
                    onSuccess: (data) => {
                      const next = data.topics.find((x) => x.category === topic.category)?.nextDue;
                      notifications.show({ color: 'green', message: t('own.confirmed', { date: next ? isoToGerman(next) : '' }) });
                    },
                  })
                }
              >
                {t('own.confirm')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t('own.immutable')}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** The driver's own instruction: every published topic with its current version, to read and confirm. */
export function OwnInstruction() {
  const { t } = useTranslation('driverInstruction');
  const own = useOwnInstruction();
  if (own.isPending) return <Loader size="sm" />;
  if (own.isError) return <Alert color="red">{own.error.message}</Alert>;
  if (own.data.topics.length === 0) return <Alert color="gray">{t('own.none')}</Alert>;
  return (
    <Stack gap="md">
      {own.data.gate && <Alert color="blue">{t('own.gateHint')}</Alert>}
      {own.data.topics.map((topic) => (
        <Topic key={topic.category} topic={topic} />
      ))}
    </Stack>
  );
}
