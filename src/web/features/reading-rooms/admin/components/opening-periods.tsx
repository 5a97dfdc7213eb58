import type { AdminOpeningHoursDto } from '@contracts/reading-rooms';
import { dayOpening } from '@domain/opening-hours';
import { formatDate } from '@domain/time';
import { Badge, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveOpeningHours } from '../api/use-opening-hours';
import { useAT } from '../use-at';
import { fail, parseGerman, TIMES } from './form-helpers';

type Week = AdminOpeningHoursDto['regular'];

const dayText = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/** The seven weekdays with open, from and to: the weekly default and each opening period. */
export function WeekHoursTable({ value, onChange }: { value: Week; onChange: (week: Week) => void }) {
  const at = useAT();
  const set = (i: number, patch: Partial<Week[number]>) => onChange(value.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <Table maw={560}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{at('admin.weekday')}</Table.Th>
          <Table.Th>{at('admin.open')}</Table.Th>
          <Table.Th>{at('toolbar.from')}</Table.Th>
          <Table.Th>{at('toolbar.to')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {value.map((r, i) => (
          <Table.Tr key={r.weekday}>
            <Table.Td>{at(`weekday.w${r.weekday}`)}</Table.Td>
            <Table.Td>
              <Checkbox
                aria-label={`${at('admin.open')} ${at(`weekday.w${r.weekday}`)}`}
                checked={r.open}
                onChange={(e) => set(i, { open: e.currentTarget.checked })}
              />
            </Table.Td>
            <Table.Td>
              <Select
                aria-label={`${at('toolbar.from')} ${at(`weekday.w${r.weekday}`)}`}
                data={TIMES}
                value={r.von}
                onChange={(v) => v && set(i, { von: v })}
                w={100}
                allowDeselect={false}
              />
            </Table.Td>
            <Table.Td>
              <Select
                aria-label={`${at('toolbar.to')} ${at(`weekday.w${r.weekday}`)}`}
                data={TIMES}
                value={r.bis}
                onChange={(v) => v && set(i, { bis: v })}
                w={100}
                allowDeselect={false}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Öffnungszeiträume (decision 235): the plan's periods and a form for a new one, its week starting from the weekly default. */
export function PeriodsSection({ planId, hours }: { planId: string; hours: AdminOpeningHoursDto }) {
  const at = useAT();
  const { i18n } = useTranslation();
  const save = useSaveOpeningHours(planId);
  const [name, setName] = useState('');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [week, setWeek] = useState<Week>(hours.regular);
  return (
    <Stack gap="sm" mt="md" data-testid="periods">
      <Title order={3} size="h4">
        {at('admin.periods')}
      </Title>
      <Text size="sm" c="dimmed">
        {at('admin.periodsHint')}
      </Text>
      {hours.periods.length === 0 ? <Text c="dimmed">{at('admin.noPeriods')}</Text> : null}
      {hours.periods.map((p) => (
        <Group key={p.id} gap="sm" data-testid="period-row">
          <Text>
            <b>{p.name}</b> {dayText(p.validFrom)}–{dayText(p.validTo)}:{' '}
            {p.hours
              .map((h) => `${at(`weekday.short${h.weekday}`)} ${h.open ? `${h.von}–${h.bis}` : at('admin.statusGeschlossen')}`)
              .join(', ')}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => save.removePeriod.mutate(p.id, { onError: fail(at('notify.failed')) })}
          >
            {at('admin.remove')}
          </Button>
        </Group>
      ))}
      <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'de', firstDayOfWeek: 1 }}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={at('admin.periodName')}
            placeholder={at('admin.periodPlaceholder')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            w={240}
          />
          <DateInput
            label={at('admin.periodFrom')}
            placeholder="TT.MM.JJJJ"
            value={from}
            onChange={(v) => setFrom(v ? String(v).slice(0, 10) : null)}
            valueFormat="DD.MM.YYYY"
            dateParser={parseGerman}
            w={150}
          />
          <DateInput
            label={at('admin.periodTo')}
            placeholder="TT.MM.JJJJ"
            value={to}
            onChange={(v) => setTo(v ? String(v).slice(0, 10) : null)}
            valueFormat="DD.MM.YYYY"
            dateParser={parseGerman}
            minDate={from ?? undefined}
            w={150}
          />
        </Group>
      </DatesProvider>
      <WeekHoursTable value={week} onChange={setWeek} />
      <Group>
        <Button
          disabled={!name.trim() || !from || !to}
          loading={save.addPeriod.isPending}
          onClick={() =>
            save.addPeriod.mutate(
              { name, validFrom: from!, validTo: to!, hours: week },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: at('admin.saved') });
                  setName('');
                  setFrom(null);
                  setTo(null);
                },
                onError: fail(at('notify.failed')),
              },
            )
          }
        >
          {at('admin.addPeriod')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The public holidays of the tenant's Bundesland in the coming year; each closed one can be opened with a deviation. */
export function HolidaysSection({ planId, hours }: { planId: string; hours: AdminOpeningHoursDto }) {
  const at = useAT();
  const { i18n } = useTranslation();
  const save = useSaveOpeningHours(planId);
  const english = i18n.language.startsWith('en');
  return (
    <Stack gap="sm" mt="md">
      <Title order={3} size="h4">
        {at('admin.holidays')}
      </Title>
      {hours.bundesland === 'kein' ? (
        <Text c="dimmed">{at('admin.holidaysNone')}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          {at('admin.holidaysHint')}
        </Text>
      )}
      {hours.holidays.map((h) => {
        // Opened with the hours the day would have without the holiday (period or weekly default).
        const usual = dayOpening(h.date, hours.regular, [], { periods: hours.periods, holidays: [] });
        return (
          <Group key={h.date} gap="sm" data-testid="holiday-row">
            <Text>
              {dayText(h.date)} {english ? h.en : h.de}
            </Text>
            <Badge variant="light" color={h.opened ? 'green' : 'gray'} tt="none">
              {h.opened ? at('admin.holidayOpened') : at('admin.holidayClosed')}
            </Badge>
            {h.opened ? null : (
              <Button
                size="compact-sm"
                variant="subtle"
                loading={save.addDeviation.isPending}
                onClick={() =>
                  save.addDeviation.mutate(
                    { validFrom: h.date, validTo: h.date, status: 'offen', von: usual.von ?? '08:00', bis: usual.bis ?? '18:00' },
                    {
                      onSuccess: () => notifications.show({ color: 'green', message: at('admin.saved') }),
                      onError: fail(at('notify.failed')),
                    },
                  )
                }
              >
                {at('admin.openHoliday')}
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
