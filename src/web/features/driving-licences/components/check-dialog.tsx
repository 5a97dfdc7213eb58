import type { CheckHistoryDto, DriverRowDto } from '@contracts/driving-licences';
import { CHECK_METHODS, LICENCE_CLASSES } from '@domain/driving-licence';
import { berlinDay, isoToGerman } from '@domain/vehicle-time';
import { Alert, Button, Checkbox, Group, Modal, Radio, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { parseGermanDay } from '@web/lib/german-day';
import { useTranslation } from 'react-i18next';
import { useRecordCheck } from '../api/use-record-check';

interface Values {
  checkedOn: string;
  method: string;
  classes: string[];
  licenceNumber: string;
  issueDate: string;
  ban: boolean;
  banFrom: string;
  banTo: string;
  extraInfo: string;
  remark: string;
}

/** Recording a check: the classes as checkboxes, prefilled from the current record (the examiner confirms what is shown). */
export function CheckDialog({
  driver,
  onClose,
  onSaved,
}: {
  driver: DriverRowDto | null;
  onClose: () => void;
  onSaved: (h: CheckHistoryDto) => void;
}) {
  const { t } = useTranslation('licences');
  const { t: tc } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const save = useRecordCheck();
  const l = driver?.licence ?? null;
  const today = berlinDay(new Date());
  const day = (v: string) => (v.trim() ? parseGermanDay(v) : null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      checkedOn: isoToGerman(today),
      method: 'persoenlich',
      classes: l?.classes ?? [],
      licenceNumber: l?.licenceNumber ?? '',
      issueDate: l ? isoToGerman(l.issueDate) : '',
      ban: Boolean(l?.banFrom),
      banFrom: l?.banFrom ? isoToGerman(l.banFrom) : '',
      banTo: l?.banTo ? isoToGerman(l.banTo) : '',
      extraInfo: l?.extraInfo ?? '',
      remark: '',
    },
    validate: {
      checkedOn: (v) => {
        const iso = day(v);
        if (!iso) return t('form.invalidDate');
        return iso > today ? t('form.future') : null;
      },
      licenceNumber: (v) => (v.trim() ? null : t('form.required')),
      issueDate: (v) => (day(v) ? null : t('form.invalidDate')),
      banFrom: (v, all) => (all.ban && !day(v) ? t('form.invalidDate') : null),
      banTo: (v, all) => {
        if (!all.ban) return null;
        const to = day(v);
        if (!to) return t('form.invalidDate');
        const from = day(all.banFrom);
        return from && to < from ? t('form.banOrder') : null;
      },
    },
  });

  const submit = (v: Values) => {
    if (!driver) return;
    save.mutate(
      {
        userId: driver.userId,
        body: {
          checkedOn: day(v.checkedOn)!,
          method: v.method as (typeof CHECK_METHODS)[number],
          classes: LICENCE_CLASSES.filter((c) => v.classes.includes(c)),
          licenceNumber: v.licenceNumber.trim(),
          issueDate: day(v.issueDate)!,
          banFrom: v.ban ? day(v.banFrom) : null,
          banTo: v.ban ? day(v.banTo) : null,
          extraInfo: v.extraInfo.trim() || null,
          remark: v.remark.trim() || null,
        },
      },
      { onSuccess: onSaved },
    );
  };

  return (
    <Modal
      opened={driver !== null}
      onClose={onClose}
      title={driver ? t('recordFor', { name: driver.name }) : ''}
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
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label={t('form.checkedOn')} placeholder="TT.MM.JJJJ" required miw={160} {...form.getInputProps('checkedOn')} />
            <TextInput label={t('form.issueDate')} placeholder="TT.MM.JJJJ" required miw={160} {...form.getInputProps('issueDate')} />
          </Group>
          <TextInput label={t('form.licenceNumber')} required maxLength={50} {...form.getInputProps('licenceNumber')} />
          <Radio.Group label={t('form.method')} {...form.getInputProps('method')}>
            <Group gap="md" mt={4}>
              {CHECK_METHODS.map((m) => (
                <Radio key={m} value={m} label={t(`methods.${m}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox.Group label={t('form.classes')} {...form.getInputProps('classes')}>
            <SimpleGrid cols={{ base: 4, xs: 6, sm: 9 }} spacing="xs" mt={6}>
              {LICENCE_CLASSES.map((c) => (
                <Checkbox key={c} value={c} label={c} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Switch label={t('form.ban')} {...form.getInputProps('ban', { type: 'checkbox' })} />
          {form.values.ban && (
            <Group grow align="flex-start" wrap="wrap">
              <TextInput label={t('form.banFrom')} placeholder="TT.MM.JJJJ" required miw={160} {...form.getInputProps('banFrom')} />
              <TextInput label={t('form.banTo')} placeholder="TT.MM.JJJJ" required miw={160} {...form.getInputProps('banTo')} />
            </Group>
          )}
          <Textarea label={t('form.extraInfo')} autosize minRows={1} maxLength={1000} {...form.getInputProps('extraInfo')} />
          <Textarea label={t('form.remark')} autosize minRows={2} maxLength={1000} {...form.getInputProps('remark')} />
          <Text size="xs" c="dimmed">
            {t('form.appendOnly')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
