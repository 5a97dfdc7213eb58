import type { VehicleSeriesDate } from '@contracts/vehicles';
import { isoWeekday } from '@domain/opening-hours';
import { Alert, Badge, Button, Chip, Group, NumberInput, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveVehicleSeries, useVehicleSeriesPreview, type VehicleSeriesBody } from '../api/use-vehicle-series';

const STATE_COLOURS: Record<VehicleSeriesDate['state'], string> = { buchbar: 'green', gebucht: 'green', abgelehnt: 'red', spaeter: 'gray' };
const germanDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

interface Props {
  vehicleId: string;
  /** First day of the series (the dialog's date). */
  date: string;
  fromTime: string | null;
  toTime: string | null;
  /** Driver and trip details as the dialog has them; every date is booked with them. */
  extra: Omit<VehicleSeriesBody, 'vehicleId' | 'fromTime' | 'toTime' | 'rule'>;
  onDone: () => void;
}

/**
 * Booking the vehicle as a series (decision 115): weekdays, every N weeks,
 * for a number of dates or until a day, with the dialog's start and end on
 * every date. "Termine prüfen" shows each date as bookable, refused with the
 * single booking's message, or later; "Serie buchen" books what can be booked.
 */
export function VehicleSeriesSection({ vehicleId, date, fromTime, toTime, extra, onDone }: Props) {
  const { t } = useTranslation('vehicles');
  const [weekdays, setWeekdays] = useState<string[]>([String(isoWeekday(date))]);
  const [interval, setInterval] = useState('1');
  const [endBy, setEndBy] = useState<'count' | 'until'>('count');
  const [count, setCount] = useState<number>(8);
  const [until, setUntil] = useState<string | null>(null);
  const preview = useVehicleSeriesPreview();
  const save = useSaveVehicleSeries();
  const complete = weekdays.length > 0 && fromTime && toTime && (endBy === 'count' || until);
  const body: VehicleSeriesBody | null = complete
    ? {
        vehicleId,
        fromTime: fromTime!,
        toTime: toTime === '24:00' ? '23:59' : toTime!,
        rule: {
          startDate: date,
          weekdays: weekdays.map(Number).sort(),
          intervalWeeks: Number(interval),
          ...(endBy === 'count' ? { count } : { until }),
        },
        ...extra,
      }
    : null;
  const dates = (save.data ?? preview.data)?.dates ?? null;
  const ok = dates?.filter((d) => d.state !== 'abgelehnt').length ?? 0;
  const error = save.error ?? preview.error;
  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      preview.reset();
    };

  return (
    <Stack gap="xs" data-testid="vehicle-series">
      <Chip.Group multiple value={weekdays} onChange={change(setWeekdays)}>
        <Text size="sm" fw={500}>
          {t('series.weekdays')}
        </Text>
        <Group gap={6}>
          {([1, 2, 3, 4, 5, 6, 7] as const).map((d) => (
            <Chip key={d} value={String(d)} size="sm">
              {t(`series.short.w${d}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Select
        label={t('series.interval')}
        data={[1, 2, 3, 4].map((n) => ({ value: String(n), label: t('series.every', { count: n }) }))}
        value={interval}
        onChange={(v) => change(setInterval)(v ?? '1')}
        allowDeselect={false}
      />
      <SegmentedControl
        value={endBy}
        onChange={(v) => change(setEndBy)(v as 'count' | 'until')}
        data={[
          { value: 'count', label: t('series.byCount') },
          { value: 'until', label: t('series.byUntil') },
        ]}
      />
      {endBy === 'count' ? (
        <NumberInput label={t('series.count')} min={1} max={104} value={count} onChange={(v) => change(setCount)(Number(v) || 1)} />
      ) : (
        <DatePickerInput label={t('series.until')} valueFormat="DD.MM.YYYY" minDate={date} value={until} onChange={change(setUntil)} />
      )}
      {!fromTime || !toTime ? (
        <Text size="sm" c="dimmed">
          {t('series.pickTime')}
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
      {dates ? (
        <Stack gap={4}>
          <Text size="sm" fw={600} data-testid="vehicle-series-summary">
            {t('series.summary', { ok, count: dates.length })}
          </Text>
          <Table striped withRowBorders={false} verticalSpacing={2} fz="sm" data-testid="vehicle-series-dates">
            <Table.Tbody>
              {dates.map((d) => (
                <Table.Tr key={d.date} data-state={d.state}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{germanDate(d.date)}</Table.Td>
                  <Table.Td>
                    <Badge color={d.needsApproval ? 'yellow' : STATE_COLOURS[d.state]} variant="light" tt="none">
                      {d.reason ? t(`series.reason.${d.reason}`) : d.needsApproval ? t('series.special') : t(`series.state.${d.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {d.message ?? ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="light" onClick={() => body && preview.mutate(body)} loading={preview.isPending} disabled={!body}>
          {t('series.preview')}
        </Button>
        <Button
          onClick={() =>
            body &&
            save.mutate(body, {
              onSuccess: (r) => {
                notifications.show({
                  color: 'green',
                  message: t('series.saved', { count: r.dates.filter((d) => d.state === 'gebucht').length }),
                });
                onDone();
              },
            })
          }
          loading={save.isPending}
          disabled={!body || !preview.data || ok === 0}
        >
          {t('series.save')}
        </Button>
      </Group>
    </Stack>
  );
}
