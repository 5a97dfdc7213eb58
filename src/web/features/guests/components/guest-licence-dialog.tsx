import type { GuestBookingDto } from '@contracts/guests';
import { CHECK_METHODS, LICENCE_CLASSES } from '@domain/driving-licence';
import { berlinDay, isoToGerman } from '@domain/vehicle-time';
import { Alert, Button, Checkbox, Group, Modal, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { parseGermanDay } from '@web/lib/german-day';
import { useTranslation } from 'react-i18next';
import { useRecordGuestLicence } from '../api/use-record-guest-licence';

interface Values {
  method: string;
  classes: string[];
  licenceNumber: string;
  issueDate: string;
  remark: string;
}

/**
 * The reception records the licence a guest shows at the hand-over of a vehicle
 * that requires a class (decision 140). The server checks it against the
 * booking's period and refuses a licence that does not allow the vehicle.
 */
export function GuestLicenceDialog({ booking, onClose }: { booking: GuestBookingDto | null; onClose: () => void }) {
  const { t } = useTranslation('guests');
  const { t: tc } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const save = useRecordGuestLicence();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { method: 'persoenlich', classes: [], licenceNumber: '', issueDate: '', remark: '' },
    validate: {
      licenceNumber: (v) => (v.trim() ? null : t('licence.required')),
      issueDate: (v) => (parseGermanDay(v) ? null : t('licence.invalidDate')),
      classes: (v) => (v.length > 0 ? null : t('licence.noClass')),
    },
  });
  const close = () => {
    form.reset();
    save.reset();
    onClose();
  };
  const submit = (v: Values) => {
    if (!booking) return;
    save.mutate(
      {
        bookingId: booking.id,
        body: {
          checkedOn: berlinDay(new Date()),
          method: v.method as (typeof CHECK_METHODS)[number],
          classes: LICENCE_CLASSES.filter((c) => v.classes.includes(c)),
          licenceNumber: v.licenceNumber.trim(),
          issueDate: parseGermanDay(v.issueDate)!,
          remark: v.remark.trim() || null,
        },
      },
      { onSuccess: close },
    );
  };
  return (
    <Modal
      opened={booking !== null}
      onClose={close}
      title={booking ? t('licence.title', { name: booking.guestName }) : ''}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {booking && (
            <Text size="sm">
              {t('licence.intro', { cls: booking.requiredLicenseClass, vehicle: `${booking.licensePlate} · ${booking.vehicleLabel}` })}
            </Text>
          )}
          {save.isError && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label={t('licence.number')} required maxLength={50} miw={160} {...form.getInputProps('licenceNumber')} />
            <TextInput label={t('licence.issueDate')} placeholder="TT.MM.JJJJ" required miw={160} {...form.getInputProps('issueDate')} />
          </Group>
          <Radio.Group label={t('licence.method')} {...form.getInputProps('method')}>
            <Group gap="md" mt={4}>
              {CHECK_METHODS.map((m) => (
                <Radio key={m} value={m} label={t(`licence.methods.${m}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox.Group label={t('licence.classes')} required {...form.getInputProps('classes')}>
            <SimpleGrid cols={{ base: 4, xs: 6, sm: 9 }} spacing="xs" mt={6}>
              {LICENCE_CLASSES.map((c) => (
                <Checkbox key={c} value={c} label={c} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Textarea label={t('licence.remark')} autosize minRows={1} maxLength={1000} {...form.getInputProps('remark')} />
          <Text size="xs" c="dimmed">
            {t('licence.checkedToday', { date: isoToGerman(berlinDay(new Date())) })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tc('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('licence.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
