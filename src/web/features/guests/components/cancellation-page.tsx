import type { PublicGuestBooking } from '@contracts/guests';
import { formatDate, formatTime } from '@domain/time';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { LanguageSwitch } from '@web/components/language-switch';
import { ApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicBooking, usePublicBookingAction } from '../api/use-public-booking';
import { periodLabel } from './choices';
import { useErrorText } from './error-text';

/**
 * /pub/fahrzeugbuchungstorno: what the token allows and nothing else –
 * vehicle, period, the guest's own name; confirm (when asked for) and cancel
 * free until 24 hours before start, otherwise whom to contact.
 */
export function CancellationPage({ token }: { token: string | undefined }) {
  const { t } = useTranslation('guests');
  const errorText = useErrorText();
  // read by the route's loader already, on the server for the page's HTML (decision 222)
  const view = usePublicBooking(token);
  const cancel = usePublicBookingAction('cancel', token);
  const confirm = usePublicBookingAction('confirm', token);
  const [asking, setAsking] = useState(false);

  const booking: PublicGuestBooking | undefined = view.data && 'booking' in view.data ? view.data.booking : undefined;
  const refusal = view.data && 'refusal' in view.data ? view.data.refusal : undefined;
  const error =
    cancel.error ?? confirm.error ?? view.error ?? (refusal ? new ApiError(refusal.status, refusal.code, refusal.message) : null);

  return (
    <Stack gap="md" p="md" maw={560} mx="auto">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('cancel.title')}
        </Title>
        <LanguageSwitch />
      </Group>
      {!token && (
        <Alert color="red" role="alert">
          {t('cancel.missingToken')}
        </Alert>
      )}
      {token && view.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('cancel.loading')}</Text>
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {errorText(error)}
        </Alert>
      )}
      {booking && (
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            {booking.tenantName && (
              <Text size="sm" c="dimmed">
                {booking.tenantName}
              </Text>
            )}
            <Row label={t('cancel.vehicle')} value={`${booking.vehicle} (${booking.licensePlate})`} />
            <Row label={t('cancel.when')} value={periodLabel(booking.von, booking.bis)} />
            <Row label={t('cancel.guest')} value={booking.guestName} />
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={110}>
                {t('cancel.status')}
              </Text>
              <Badge color={booking.status === 'storniert' ? 'gray' : booking.status === 'vorgemerkt' ? 'yellow' : 'green'}>
                {t(`status.${booking.status}`)}
              </Badge>
            </Group>
          </Stack>
        </Card>
      )}
      {booking && booking.status === 'storniert' && (
        <Alert color="green" role="status">
          {t('cancel.cancelled')}
        </Alert>
      )}
      {booking && confirm.isSuccess && (
        <Alert color="green" role="status">
          {t('cancel.confirmedNow')}
        </Alert>
      )}
      {booking && token && booking.status === 'vorgemerkt' && !booking.confirmed && (
        <Stack gap="xs">
          <Text>{t('cancel.confirmNeeded')}</Text>
          <Button size="md" onClick={() => confirm.mutate(token)} loading={confirm.isPending}>
            {t('cancel.confirmButton')}
          </Button>
        </Stack>
      )}
      {booking && token && booking.status !== 'storniert' && (
        <Stack gap="xs">
          {booking.freeCancellation ? (
            <>
              <Text>{t('cancel.freeUntil', { date: formatDate(booking.cancelUntil), time: formatTime(booking.cancelUntil) })}</Text>
              {asking ? (
                <Card withBorder padding="sm">
                  <Text mb="xs">{t('cancel.confirmQuestion')}</Text>
                  <Group>
                    <Button color="red" onClick={() => cancel.mutate(token)} loading={cancel.isPending}>
                      {t('cancel.yes')}
                    </Button>
                    <Button variant="default" onClick={() => setAsking(false)}>
                      {t('cancel.no')}
                    </Button>
                  </Group>
                </Card>
              ) : (
                <Button size="md" color="red" variant="outline" onClick={() => setAsking(true)}>
                  {t('cancel.cancelButton')}
                </Button>
              )}
            </>
          ) : (
            <Alert color="yellow" role="status">
              <Text>{t('cancel.ended')}</Text>
              <Text fw={600}>
                {booking.contact
                  ? t('cancel.contact', { contact: booking.contact })
                  : t('cancel.contactTenant', { tenant: booking.tenantName })}
              </Text>
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
