import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApprovals, useDecideApproval } from '../api/use-approvals';
import type { VehicleBooking } from '../api/use-my-bookings';
import { useVehicleEvents } from '../api/use-vehicle-events';
import { formatPeriod } from './format';
import { StatusBadge } from './my-bookings';

function ApprovalCard({
  b,
  onApprove,
  onReject,
  busy,
}: {
  b: VehicleBooking;
  onApprove?: () => void;
  onReject?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('vehicles');
  return (
    <Card withBorder padding="sm" data-approval={b.id}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>
            {b.vehicleLabel} · {b.licensePlate}
          </Text>
          <StatusBadge booking={b} />
        </Group>
        <Text size="sm">{formatPeriod(b.von, b.bis)}</Text>
        <Text size="sm">{t('overview.bookedFor', { name: b.bookedFor.name })}</Text>
        {b.bookedBy.id !== b.bookedFor.id && <Text size="sm">{t('overview.bookedBy', { name: b.bookedBy.name })}</Text>}
        {b.reason && (
          <Text size="sm" c="dimmed">
            {t('booking.reason')}: {b.reason}
          </Text>
        )}
        {b.destination && (
          <Text size="sm" c="dimmed">
            {t('booking.destination')}: {b.destination}
          </Text>
        )}
        <Group gap={6}>
          {b.approvers.map((a) => (
            <Badge key={a.userId} variant="light" tt="none" color={a.approved === null ? 'gray' : a.approved ? 'green' : 'red'}>
              {a.name}: {t(`approvals.state.${a.approved === null ? 'open' : a.approved ? 'yes' : 'no'}`)}
            </Badge>
          ))}
        </Group>
        {onApprove && onReject && (
          <Group gap="xs" mt={4}>
            <Button size="xs" color="green" onClick={onApprove} loading={busy}>
              {t('approvals.approve')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={onReject} disabled={busy}>
              {t('approvals.reject')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** /fahrzeuge/freigaben: special trips waiting for the current approver; approve or reject (rejection cancels). */
export function ApprovalsPage() {
  const { t } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  useDocumentTitle(`${t('approvals.title')} · ${tc('appName')}`);
  const list = useApprovals();
  const decide = useDecideApproval();
  const [rejecting, setRejecting] = useState<VehicleBooking | null>(null);
  const [reason, setReason] = useState('');
  useVehicleEvents();
  const run = (id: string, approve: boolean, why?: string) =>
    decide.mutate(
      { id, approve, ...(why ? { reason: why } : {}) },
      {
        onSuccess: () => notifications.show({ color: 'green', message: approve ? t('approvals.approved') : t('approvals.rejected') }),
        onError: (e) => notifications.show({ color: 'red', message: isApiError(e) ? e.message : tc('errors.unknown') }),
      },
    );
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{t('approvals.title')}</Title>
      {list.isPending && <Loader />}
      {list.isError && <Alert color="red">{isApiError(list.error) ? list.error.message : tc('errors.loadFailed')}</Alert>}
      {list.data && (
        <>
          <Title order={2} size="h4">
            {t('approvals.pending')}
          </Title>
          {list.data.pending.length === 0 && <Text c="dimmed">{t('approvals.empty')}</Text>}
          {list.data.pending.map((b) => (
            <ApprovalCard
              key={b.id}
              b={b}
              busy={decide.isPending && decide.variables?.id === b.id}
              onApprove={() => run(b.id, true)}
              onReject={() => {
                setReason('');
                setRejecting(b);
              }}
            />
          ))}
          {list.data.decided.length > 0 && (
            <>
              <Title order={2} size="h4">
                {t('approvals.decided')}
              </Title>
              {list.data.decided.map((b) => (
                <ApprovalCard key={b.id} b={b} />
              ))}
            </>
          )}
        </>
      )}
      <Modal opened={rejecting !== null} onClose={() => setRejecting(null)} title={t('approvals.rejectTitle')}>
        <Stack>
          <Textarea
            label={t('approvals.rejectReason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(null)}>
              {tc('actions.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (rejecting) run(rejecting.id, false, reason.trim() || undefined);
                setRejecting(null);
              }}
            >
              {t('approvals.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
