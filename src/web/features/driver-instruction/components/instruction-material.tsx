import type { VersionListDto } from '@contracts/driver-instruction';
import { isoToGerman } from '@domain/vehicle-time';
import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublishVersion } from '../api/use-versions';
import { useTopicName } from './parts';

function PublishDialog({ categories, onClose }: { categories: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation('driverInstruction');
  const { t: tc } = useTranslation();
  const topicName = useTopicName();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const publish = usePublishVersion();
  const form = useForm({
    mode: 'controlled',
    initialValues: { category: '', title: '', body: '', pdf: null as File | null },
    validate: {
      title: (v: string) => (v.trim() ? null : t('material.required')),
      body: (v: string) => (v.trim() ? null : t('material.required')),
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('material.publishTitle')}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          publish.mutate(
            { body: { category: v.category, title: v.title.trim(), body: v.body.trim() }, pdf: v.pdf },
            {
              onSuccess: (created) => {
                notifications.show({ color: 'green', message: t('material.published', { version: created.version }) });
                onClose();
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          {publish.isError && (
            <Alert color="red" role="alert">
              {publish.error.message}
            </Alert>
          )}
          <Select
            label={t('material.category')}
            description={t('material.categoryHint')}
            allowDeselect={false}
            data={['', ...categories].map((c) => ({ value: c, label: topicName(c) }))}
            {...form.getInputProps('category')}
          />
          <TextInput label={t('material.titleLabel')} required maxLength={200} {...form.getInputProps('title')} />
          <Textarea label={t('material.body')} required autosize minRows={6} maxRows={20} {...form.getInputProps('body')} />
          <FileInput label={t('material.pdf')} accept="application/pdf" clearable {...form.getInputProps('pdf')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('actions.cancel')}
            </Button>
            <Button type="submit" loading={publish.isPending}>
              {t('material.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The fleet's material: every version per topic, newest first, and the dialog that publishes the next one. */
export function InstructionMaterial({ data }: { data: VersionListDto }) {
  const { t } = useTranslation('driverInstruction');
  const topicName = useTopicName();
  const [publishing, setPublishing] = useState(false);
  const seen = new Set<string>();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" maw={720}>
          {t('material.intro')}
        </Text>
        <Button onClick={() => setPublishing(true)}>{t('material.publish')}</Button>
      </Group>
      {data.versions.length === 0 && <Text>{t('material.empty')}</Text>}
      {data.versions.map((v) => {
        const current = !seen.has(v.category);
        seen.add(v.category);
        return (
          <Card key={v.id} withBorder padding="sm" data-version={`${v.category || 'allgemein'}-${v.version}`}>
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>
                  {topicName(v.category)} · {v.title}
                </Text>
                {current && (
                  <Badge color="green" variant="light" tt="none">
                    {t('material.current')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {t('material.entry', { version: v.version, date: isoToGerman(v.publishedOn), name: v.publishedBy })}
              </Text>
              {v.hasPdf && (
                <Anchor href={`/api/driver-instruction/versions/${v.id}/pdf`} target="_blank" rel="noopener" size="sm">
                  {t('own.pdf')}
                </Anchor>
              )}
            </Stack>
          </Card>
        );
      })}
      {publishing && <PublishDialog categories={data.categories} onClose={() => setPublishing(false)} />}
    </Stack>
  );
}
