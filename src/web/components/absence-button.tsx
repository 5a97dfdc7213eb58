import type { AbsenceResponse } from '@contracts/absence';
import { formatDate, formatTime } from '@domain/time';
import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const todayIso = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });

/**
 * „Ich bin abwesend“ (decision 092): choose the days, see every booking that
 * would be cancelled, cancel them all with one confirmation.
 */
export function AbsenceButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(todayIso());
  const [to, setTo] = useState(todayIso());
  const preview = useMutation({ mutationFn: () => api.post<AbsenceResponse>('/api/absence/preview', { from, to }) });
  const record = useMutation({
    mutationFn: () => api.post<AbsenceResponse>('/api/absence', { from, to }),
    onSuccess: (r) => {
      setOpen(false);
      preview.reset();
      notifications.show({ color: 'green', message: t('absence.done', { count: r.cancelled }) });
      void queryClient.invalidateQueries();
    },
  });
  const change = (set: (v: string) => void) => (e: React.ChangeEvent<HTMLInputElement>) => {
    set(e.currentTarget.value);
    preview.reset();
  };
  const list = preview.data?.bookings ?? null;
  const error = preview.error ?? record.error;
  return (
    <>
      <Button variant="light" color="orange" onClick={() => setOpen(true)} data-testid="absence-button">
        {t('absence.button')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('absence.title')} size="lg" fullScreen={phone}>
        <Stack gap="sm">
          <Text size="sm">{t('absence.intro')}</Text>
          <Group grow>
            <TextInput type="date" label={t('absence.from')} value={from} onChange={change(setFrom)} data-testid="absence-from" />
            <TextInput type="date" label={t('absence.to')} value={to} min={from} onChange={change(setTo)} data-testid="absence-to" />
          </Group>
          {error ? (
            <Alert color="red" role="alert">
              {error.message}
            </Alert>
          ) : null}
          {list && list.length === 0 ? <Text size="sm">{t('absence.none')}</Text> : null}
          {list && list.length > 0 ? (
            <Table striped fz="sm" data-testid="absence-list">
              <Table.Tbody>
                {list.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(b.von)} {formatTime(b.von)}–{formatTime(b.bis)}
                    </Table.Td>
                    <Table.Td>
                      {t(`absence.kind.${b.kind}`)}: {b.label}
                      {b.forOther ? (
                        <Text size="xs" c="dimmed">
                          {t('absence.forOther', { name: b.forOther })}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('actions.close')}
            </Button>
            {list && list.length > 0 ? (
              <Button color="red" onClick={() => record.mutate()} loading={record.isPending} data-testid="absence-confirm">
                {t('absence.confirm', { count: list.length })}
              </Button>
            ) : (
              <Button onClick={() => preview.mutate()} loading={preview.isPending} disabled={!from || !to}>
                {t('absence.show')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
