import type { InstructedDriverDto, InstructionHistoryDto, InstructionVersionDto } from '@contracts/driver-instruction';
import { berlinDay, isoToGerman } from '@domain/vehicle-time';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { parseGermanDay } from '@web/lib/german-day';
import { useTranslation } from 'react-i18next';
import { useRecordInstruction } from '../api/use-instruction-drivers';
import { useTopicName } from './parts';

interface Values {
  versionId: string;
  instructedOn: string;
  instructor: string;
  note: string;
}

/** The fleet records an in-person instruction: the version instructed, the day and who instructed. */
export function RecordDialog({
  driver,
  versions,
  category,
  onClose,
  onSaved,
}: {
  driver: InstructedDriverDto | null;
  versions: readonly InstructionVersionDto[];
  category: string;
  onClose: () => void;
  onSaved: (h: InstructionHistoryDto) => void;
}) {
  const { t } = useTranslation('driverInstruction');
  const { t: tc } = useTranslation();
  const topicName = useTopicName();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const save = useRecordInstruction();
  const today = berlinDay(new Date());
  const ofTopic = versions.filter((v) => v.category === category);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { versionId: ofTopic[0]?.id ?? '', instructedOn: isoToGerman(today), instructor: '', note: '' },
    validate: {
      versionId: (v) => (v ? null : t('record.required')),
      instructedOn: (v) => {
        const iso = parseGermanDay(v);
        if (!iso) return t('record.invalidDate');
        return iso > today ? t('record.future') : null;
      },
      instructor: (v) => (v.trim() ? null : t('record.required')),
    },
  });
  const submit = (v: Values) => {
    if (!driver) return;
    save.mutate(
      {
        userId: driver.userId,
        body: {
          versionId: v.versionId,
          instructedOn: parseGermanDay(v.instructedOn)!,
          instructor: v.instructor.trim(),
          note: v.note.trim() || null,
        },
      },
      { onSuccess: onSaved },
    );
  };
  return (
    <Modal
      opened={driver !== null}
      onClose={onClose}
      title={driver ? t('record.title', { name: driver.name }) : ''}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {save.isError && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <Select
            label={t('record.version')}
            required
            allowDeselect={false}
            data={ofTopic.map((v) => ({
              value: v.id,
              label: t('record.versionOption', { topic: topicName(v.category), version: v.version, title: v.title }),
            }))}
            {...form.getInputProps('versionId')}
          />
          <TextInput label={t('record.on')} placeholder="TT.MM.JJJJ" required {...form.getInputProps('instructedOn')} />
          <TextInput label={t('record.instructor')} required maxLength={200} {...form.getInputProps('instructor')} />
          <Textarea label={t('record.note')} autosize minRows={2} maxLength={1000} {...form.getInputProps('note')} />
          <Text size="xs" c="dimmed">
            {t('record.immutable')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('record.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
