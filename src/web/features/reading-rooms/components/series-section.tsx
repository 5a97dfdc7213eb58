import type { BookingMode, SeriesDate } from '@contracts/reading-rooms';
import { isoWeekday } from '@domain/opening-hours';
import { Alert, Badge, Button, Chip, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSaveSeries, useSeriesPreview } from '../api/use-series';
import { useRT } from '../use-rt';

const STATE_COLOURS: Record<SeriesDate['state'], string> = { buchbar: 'green', gebucht: 'green', abgelehnt: 'red', spaeter: 'gray' };
const germanDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

interface SeriesSectionProps {
  objectId: string;
  date: string;
  mode: BookingMode;
  von?: string;
  bis?: string;
  groupSize: number;
  onDone: () => void;
}

/**
 * Booking the opened seat or desk as a series (decision 091): weekdays,
 * every N weeks, a number of dates. "Termine prüfen" shows every date with
 * whether it can be booked and why not; "Serie buchen" books what can be
 * booked in one request.
 */
export function SeriesSection({ objectId, date, mode, von, bis, groupSize, onDone }: SeriesSectionProps) {
  const rt = useRT();
  const [weekdays, setWeekdays] = useState<string[]>([String(isoWeekday(date))]);
  const [interval, setInterval] = useState('1');
  const [count, setCount] = useState<number>(8);
  const preview = useSeriesPreview();
  const save = useSaveSeries();
  const body = {
    objectId,
    mode,
    ...(mode === 'stuendlich' ? { von, bis } : {}),
    groupSize,
    rule: { startDate: date, weekdays: weekdays.map(Number).sort(), intervalWeeks: Number(interval), count },
  };
  const dates = (save.data ?? preview.data)?.dates ?? null;
  const ok = dates?.filter((d) => d.state === 'buchbar' || d.state === 'gebucht' || d.state === 'spaeter').length ?? 0;
  const error = save.error ?? preview.error;

  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      preview.reset();
    };

  return (
    <Stack gap="xs" data-testid="series-section">
      <Chip.Group multiple value={weekdays} onChange={change(setWeekdays)}>
        <Text size="sm" fw={500}>
          {rt('series.weekdays')}
        </Text>
        <Group gap={6}>
          {[1, 2, 3, 4, 5, 6, 7].map((d) => (
            <Chip key={d} value={String(d)} size="sm">
              {rt(`series.short.w${d}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group grow align="flex-start">
        <Select
          label={rt('series.interval')}
          data={[1, 2, 3, 4].map((n) => ({ value: String(n), label: rt('series.every', { count: n }) }))}
          value={interval}
          onChange={(v) => change(setInterval)(v ?? '1')}
          allowDeselect={false}
        />
        <NumberInput label={rt('series.count')} min={1} max={104} value={count} onChange={(v) => change(setCount)(Number(v) || 1)} />
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
      {dates ? (
        <Stack gap={4}>
          <Text size="sm" fw={600} data-testid="series-summary">
            {rt('series.summary', { ok, count: dates.length })}
          </Text>
          <Table striped withRowBorders={false} verticalSpacing={2} fz="sm" data-testid="series-dates">
            <Table.Tbody>
              {dates.map((d) => (
                <Table.Tr key={d.date} data-state={d.state}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{germanDate(d.date)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLOURS[d.state]} variant="light" tt="none">
                      {d.reason ? rt(`series.reason.${d.reason}`) : rt(`series.state.${d.state}`)}
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
        <Button variant="light" onClick={() => preview.mutate(body)} loading={preview.isPending} disabled={weekdays.length === 0}>
          {rt('series.preview')}
        </Button>
        <Button
          onClick={() =>
            save.mutate(body, {
              onSuccess: (r) => {
                notifications.show({
                  color: 'green',
                  message: rt('series.saved', { count: r.dates.filter((d) => d.state === 'gebucht').length }),
                });
                onDone();
              },
            })
          }
          loading={save.isPending}
          disabled={!preview.data || ok === 0}
        >
          {rt('series.save')}
        </Button>
      </Group>
    </Stack>
  );
}
