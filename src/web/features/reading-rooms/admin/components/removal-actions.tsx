import type { RemovalPreviewDto } from '@contracts/reading-rooms';
import { formatDate } from '@domain/time';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { type RemovalSubject, useRemovalPreview } from '../api/use-removal-preview';
import { useRemove } from '../api/use-remove';
import { useSetActive } from '../api/use-set-active';
import { useAT } from '../use-at';

/**
 * Deactivate / reactivate / delete a seat, room or floor plan (decision 025).
 * Both removing actions ask first; the dialog counts the open bookings fresh
 * from the server, so the admin knows exactly what a deactivation cancels.
 */

type Subject = RemovalSubject & { name: string };
type Action = 'deactivate' | 'delete';

const errorText = (e: unknown) => (isApiError(e) ? e.message : String(e));

function OpenBookings({ preview }: { preview: RemovalPreviewDto }) {
  const at = useAT();
  if (preview.openBookings === 0) return <Text size="sm">{at('admin.removal.openNone')}</Text>;
  const from = formatDate(preview.openFrom!);
  const to = formatDate(preview.openTo!);
  return (
    <Alert color="orange" variant="light" data-testid="removal-open-bookings">
      <Text size="sm" fw={600}>
        {at(from === to ? 'admin.removal.openSameDay' : 'admin.removal.openRange', { count: preview.openBookings, from, to })}
      </Text>
      <Text size="sm" mt={4}>
        {at('admin.removal.mailNote')}
      </Text>
    </Alert>
  );
}

function RemovalDialog({
  subject,
  active,
  action,
  onClose,
  onAction,
  onDeleted,
}: {
  subject: Subject;
  active: boolean;
  action: Action;
  onClose: () => void;
  onAction: (a: Action) => void;
  onDeleted?: () => void;
}) {
  const at = useAT();
  const preview = useRemovalPreview(subject);
  const setActive = useSetActive();
  const remove = useRemove();
  const busy = setActive.isPending || remove.isPending;
  const fail = (e: unknown) => notifications.show({ color: 'red', title: at('notify.failed'), message: errorText(e), autoClose: 8000 });
  const deactivate = () =>
    setActive.mutate(
      { target: subject.target, id: subject.id, active: false },
      {
        onSuccess: (count) => {
          notifications.show({
            color: 'green',
            message:
              count === 0
                ? at('admin.removal.deactivatedNone', { name: subject.name })
                : at('admin.removal.deactivated', { name: subject.name, count }),
            autoClose: 10_000,
          });
          onClose();
        },
        onError: fail,
      },
    );
  const del = () =>
    remove.mutate(
      { target: subject.target, id: subject.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: at('admin.removal.deleted', { name: subject.name }) });
          onClose();
          onDeleted?.();
        },
        onError: fail,
      },
    );
  const p = preview.data;
  return (
    <Modal
      opened
      onClose={onClose}
      title={at(action === 'deactivate' ? 'admin.removal.titleDeactivate' : 'admin.removal.titleDelete', { name: subject.name })}
      size="lg"
      data-testid="removal-dialog"
    >
      <Stack gap="sm">
        {preview.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{at('admin.removal.counting')}</Text>
          </Group>
        ) : null}
        {preview.error ? <Alert color="red">{errorText(preview.error)}</Alert> : null}
        {p && action === 'deactivate' ? (
          <>
            <OpenBookings preview={p} />
            <Text size="sm">
              {subject.target === 'plan' ? at('admin.removal.planEffect') : at('admin.removal.objectEffect', { name: subject.name })}
            </Text>
          </>
        ) : null}
        {p && action === 'delete' && p.deletable ? (
          <>
            {subject.target === 'plan' ? <Text size="sm">{at('admin.removal.deletePlanIncludes')}</Text> : null}
            <Text size="sm" fw={600}>
              {at('admin.removal.deleteIrreversible')}
            </Text>
          </>
        ) : null}
        {p && action === 'delete' && !p.deletable ? (
          <Alert color="yellow" variant="light" data-testid="removal-not-deletable">
            <Text size="sm">{at('admin.removal.notDeletable', { name: subject.name, count: p.bookings })}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs" wrap="wrap">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {at('admin.removal.cancel')}
          </Button>
          {action === 'deactivate' ? (
            <Button color="orange" onClick={deactivate} loading={setActive.isPending} disabled={!p}>
              {at('admin.removal.confirmDeactivate')}
            </Button>
          ) : p && !p.deletable ? (
            active ? (
              <Button color="orange" onClick={() => onAction('deactivate')}>
                {at('admin.removal.deactivateInstead')}
              </Button>
            ) : null
          ) : (
            <Button color="red" onClick={del} loading={remove.isPending} disabled={!p}>
              {at('admin.removal.confirmDelete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Status badge and the buttons: deactivate (asks), reactivate (at once), delete (asks). */
export function RemovalActions({
  subject,
  active,
  planActive = true,
  onDeleted,
  size = 'compact-sm',
}: {
  subject: Subject;
  active: boolean;
  /** For a seat or room: whether its plan is active (an active seat on a deactivated plan is not bookable either). */
  planActive?: boolean;
  onDeleted?: () => void;
  size?: 'compact-sm' | 'sm';
}) {
  const at = useAT();
  const [action, setAction] = useState<Action | null>(null);
  const setActive = useSetActive();
  const plan = subject.target === 'plan';
  const reactivate = () =>
    setActive.mutate(
      { target: subject.target, id: subject.id, active: true },
      {
        onSuccess: () => notifications.show({ color: 'green', message: at('admin.removal.activated', { name: subject.name }) }),
        onError: (e) => notifications.show({ color: 'red', title: at('notify.failed'), message: errorText(e), autoClose: 8000 }),
      },
    );
  return (
    <Group gap="xs" wrap="wrap" data-testid={plan ? 'plan-removal' : 'object-removal'}>
      {!plan ? (
        <Badge color={active && planActive ? 'green' : 'gray'} variant="light" tt="none">
          {!active
            ? at('admin.removal.objectInactive')
            : planActive
              ? at('admin.removal.objectActive')
              : at('admin.removal.objectActivePlanInactive')}
        </Badge>
      ) : null}
      {active ? (
        <Button size={size} variant="light" color="orange" onClick={() => setAction('deactivate')}>
          {plan ? at('admin.removal.deactivatePlan') : at('admin.removal.deactivate')}
        </Button>
      ) : (
        <Button size={size} variant="light" color="green" onClick={reactivate} loading={setActive.isPending}>
          {plan ? at('admin.removal.activatePlan') : at('admin.removal.activate')}
        </Button>
      )}
      <Button size={size} variant="subtle" color="red" onClick={() => setAction('delete')}>
        {plan ? at('admin.removal.deletePlan') : at('admin.removal.delete')}
      </Button>
      {action ? (
        <RemovalDialog
          key={action}
          subject={subject}
          active={active}
          action={action}
          onClose={() => setAction(null)}
          onAction={setAction}
          onDeleted={onDeleted}
        />
      ) : null}
    </Group>
  );
}
