import type { AbsenceResponse } from '@contracts/absence';
import { formatDate, formatTime } from '@domain/time';
import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// @mantine/dates loads with the dialog, not with the sidebar (docs/product.md#performance-budgets).
const DateField = lazy(() => import('./dates/date-inputs').then((m) => ({ default: m.DateField })));

const todayIso = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });

/**
 * „Ich bin abwesend“ (decision 092): choose the days, see every booking that
 * would be cancelled, cancel them all with one confirmation.
 */
export default function AbsenceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [from, setFrom] = useState(todayIso());
  const [to, setTo] = useState(todayIso());
  // Bookings made for others: handed over unless the person chooses to cancel them (decision 111).
  const [cancelForOther, setCancelForOther] = useState<ReadonlySet<string>>(new Set());
  const preview = useMutation({
    mutationFn: () => api.post<AbsenceResponse>('/api/absence/preview', { from, to }),
    onSuccess: () => setCancelForOther(new Set()),
  });
  const handOver = (preview.data?.bookings ?? []).filter((b) => b.forOther && !cancelForOther.has(b.id)).map((b) => b.id);
  const record = useMutation({
    mutationFn: () => api.post<AbsenceResponse>('/api/absence', { from, to, handOver }),
    onSuccess: (r) => {
      onClose();
      notifications.show({
        color: 'green',
        message: [t('absence.done', { count: r.cancelled }), r.handedOver > 0 ? t('absence.handedOver', { count: r.handedOver }) : '']
          .filter(Boolean)
          .join(' '),
      });
      void queryClient.invalidateQueries();
    },
  });
  const change = (set: (v: string) => void) => (value: string | null) => {
    if (!value) return;
    set(value.slice(0, 10));
    preview.reset();
  };
  const list = preview.data?.bookings ?? null;
  const error = preview.error ?? record.error;
  return (
    <Modal opened onClose={onClose} title={t('absence.title')} size="lg" fullScreen={phone}>
      <Stack gap="sm">
        <Text size="sm">{t('absence.intro')}</Text>
        <Suspense fallback={<Loader size="sm" />}>
          <Group grow align="flex-start">
            <DateField
              label={t('absence.from')}
              placeholder={t('absence.datePlaceholder')}
              value={from}
              minDate={todayIso()}
              onChange={change(setFrom)}
              data-testid="absence-from"
              popoverProps={{ withinPortal: true }}
            />
            <DateField
              label={t('absence.to')}
              placeholder={t('absence.datePlaceholder')}
              value={to}
              minDate={from}
              onChange={change(setTo)}
              data-testid="absence-to"
              popoverProps={{ withinPortal: true }}
            />
          </Group>
        </Suspense>
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
                      <Stack gap={4} mt={4}>
                        <Text size="xs" c="dimmed">
                          {t('absence.forOther', { name: b.forOther })}
                        </Text>
                        <SegmentedControl
                          size="xs"
                          aria-label={t('absence.choiceLabel', { name: b.forOther })}
                          data-testid="absence-choice"
                          value={cancelForOther.has(b.id) ? 'stornieren' : 'uebergeben'}
                          onChange={(v) =>
                            setCancelForOther((s) => {
                              const next = new Set(s);
                              if (v === 'stornieren') next.add(b.id);
                              else next.delete(b.id);
                              return next;
                            })
                          }
                          data={[
                            { value: 'uebergeben', label: t('absence.handOver', { name: b.forOther }) },
                            { value: 'stornieren', label: t('absence.cancelForOther') },
                          ]}
                        />
                      </Stack>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.close')}
          </Button>
          {list && list.length > 0 ? (
            <Button color="red" onClick={() => record.mutate()} loading={record.isPending} data-testid="absence-confirm">
              {list.length - handOver.length > 0
                ? t('absence.confirm', { count: list.length - handOver.length })
                : t('absence.confirmHandOver')}
            </Button>
          ) : (
            <Button onClick={() => preview.mutate()} loading={preview.isPending} disabled={!from || !to}>
              {t('absence.show')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
