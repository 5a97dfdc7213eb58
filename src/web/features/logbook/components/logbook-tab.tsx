import type { LogbookEntry } from '@contracts/logbook';
import { addMonthsToDay, type FilterPeriod, filterPeriod } from '@domain/logbook';
import { formatDate, formatTime } from '@domain/time';
import { addDays, berlinDay } from '@domain/vehicle-time';
import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { KEYBOARD_SCROLL } from '@web/components/keyboard-scroll';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logbookSearch, useLogbook } from '../api/use-logbook';
import { CorrectionDialog } from './correction-dialog';
import { GapDialog } from './gap-dialog';
import { LogbookReportsPanel } from './logbook-reports-panel';

type PeriodKind = FilterPeriod | 'frei';
const PAGE_SIZE = 25;
const MONTHS: Record<FilterPeriod, number> = { monat: 1, quartal: 3, jahr: 12 };
const isoToGerman = (day: string) => day.split('-').reverse().join('.');

/** The logbook of one vehicle: period and driver filter, server-side pages, gaps, versions, correction and export. */
export function LogbookTab({ vehicleId, mayExport }: { vehicleId: string; mayExport: boolean }) {
  const { t } = useTranslation('logbook');
  const today = berlinDay(new Date());
  const [kind, setKind] = useState<PeriodKind>('monat');
  const [anchor, setAnchor] = useState(today);
  const [free, setFree] = useState({ from: addDays(today, -30), to: today });
  const [driverId, setDriverId] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<LogbookEntry | null>(null);
  const [explaining, setExplaining] = useState<LogbookEntry | null>(null);

  const range =
    kind === 'frei'
      ? free
      : (() => {
          const p = filterPeriod(kind, anchor);
          return { from: p.from, to: addDays(p.to, -1) };
        })();
  const valid = range.from <= range.to;
  const list = useLogbook({ vehicleId, from: range.from, to: valid ? range.to : range.from, driverId, page, pageSize: PAGE_SIZE });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const move = (step: number) => {
    if (kind === 'frei') return;
    setAnchor(addMonthsToDay(anchor, step * MONTHS[kind]));
    setPage(1);
  };
  const exportUrl = (ext: 'xlsx' | 'pdf') => `/api/logbook/export.${ext}?${logbookSearch({ vehicleId, from: range.from, to: range.to })}`;
  const drivers = new Map<string, string>();
  for (const e of data?.entries ?? []) if (e.driver.id) drivers.set(e.driver.id, e.driver.name);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="end" wrap="wrap">
        <SegmentedControl
          aria-label={t('logbook.period')}
          value={kind}
          onChange={(v) => {
            setKind(v as PeriodKind);
            setPage(1);
          }}
          data={(['monat', 'quartal', 'jahr', 'frei'] as const).map((k) => ({ value: k, label: t(`logbook.periods.${k}`) }))}
        />
        {kind === 'frei' ? (
          <Group gap="xs" wrap="nowrap">
            <TextInput
              type="date"
              label={t('logbook.from')}
              value={free.from}
              onChange={(e) => setFree({ ...free, from: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t('logbook.to')}
              value={free.to}
              onChange={(e) => setFree({ ...free, to: e.currentTarget.value })}
            />
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={() => move(-1)} aria-label={t('logbook.previousPage')}>
              ‹
            </Button>
            <Text fw={500} data-testid="logbook-period">
              {t('logbook.range', { from: isoToGerman(range.from), to: isoToGerman(range.to) })}
            </Text>
            <Button variant="default" onClick={() => move(1)} aria-label={t('logbook.nextPage')}>
              ›
            </Button>
          </Group>
        )}
        {data?.scope === 'alle' && drivers.size > 0 && (
          <NativeSelect
            label={t('logbook.driver')}
            value={driverId ?? ''}
            onChange={(e) => {
              setDriverId(e.currentTarget.value === '' ? undefined : e.currentTarget.value);
              setPage(1);
            }}
            data={[{ value: '', label: t('logbook.allDrivers') }, ...[...drivers].map(([value, label]) => ({ value, label }))]}
          />
        )}
        {mayExport && (
          <Group gap="xs">
            <Button component="a" href={exportUrl('xlsx')} variant="light" data-testid="export-xlsx">
              {t('logbook.excel')}
            </Button>
            <Button component="a" href={exportUrl('pdf')} variant="light" data-testid="export-pdf">
              {t('logbook.pdf')}
            </Button>
          </Group>
        )}
      </Group>
      {mayExport && valid && <LogbookReportsPanel from={range.from} to={range.to} />}
      {data?.scope === 'eigene' && (
        <Text size="sm" c="dimmed">
          {t('logbook.ownOnly')}
        </Text>
      )}
      {data && (
        <Text size="sm">
          {t('logbook.count', { count: data.total })} · {t('logbook.totals', data.totals)}
        </Text>
      )}
      {data?.entries.length === 0 && <Text c="dimmed">{t('logbook.empty')}</Text>}
      <Stack gap="xs" hiddenFrom="md">
        {data?.entries.map((e) => (
          <EntryCard key={e.id} entry={e} onCorrect={() => setEditing(e)} onExplain={() => setExplaining(e)} />
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={900} visibleFrom="md" scrollAreaProps={KEYBOARD_SCROLL}>
        <Table striped withTableBorder data-testid="logbook-table">
          <Table.Thead>
            <Table.Tr>
              {(['date', 'time', 'odometer', 'distance', 'driver', 'destination', 'reason', 'kind', 'actions'] as const).map((c) => (
                <Table.Th key={c}>{t(`logbook.columns.${c}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.entries.map((e) => (
              <EntryRows key={e.id} entry={e} onCorrect={() => setEditing(e)} onExplain={() => setExplaining(e)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group gap="xs">
          <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('logbook.previousPage')}
          </Button>
          <Text size="sm">{t('logbook.page', { page, pages })}</Text>
          <Button variant="default" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('logbook.nextPage')}
          </Button>
        </Group>
      )}
      {explaining?.gapBefore && <GapDialog vehicleId={vehicleId} entry={explaining} onClose={() => setExplaining(null)} />}
      {editing && data && (
        <CorrectionDialog
          entry={editing}
          allowedKinds={data.allowedTripKinds}
          fleet={data.scope === 'alle'}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function GapNotice({ entry, onExplain }: { entry: LogbookEntry; onExplain: () => void }) {
  const { t } = useTranslation('logbook');
  if (!entry.gapBefore) return null;
  const { fromKm, toKm } = entry.gapBefore;
  return (
    <Alert color="red" variant="light" p="xs" data-testid="logbook-gap">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{t('logbook.gap', { from: fromKm, to: toKm, km: toKm - fromKm })}</Text>
        <Button size="compact-xs" variant="white" color="red" onClick={onExplain}>
          {t('gapDialog.open')}
        </Button>
      </Group>
    </Alert>
  );
}

function Versions({ entry }: { entry: LogbookEntry }) {
  const { t } = useTranslation('logbook');
  const [open, setOpen] = useState(false);
  if (entry.previous.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="xs" c="orange.9" data-testid="logbook-corrected">
        {t('logbook.revision', { version: entry.revision })} ·{' '}
        {t('logbook.corrected', { at: formatDate(entry.createdAt), by: entry.createdBy ?? '–' })}
        {entry.note ? ` · ${entry.note}` : ''}
      </Text>
      <Anchor component="button" type="button" size="xs" onClick={() => setOpen(!open)}>
        {t('logbook.showVersions', { count: entry.previous.length })}
      </Anchor>
      {open &&
        entry.previous.map((p) => (
          <Text key={p.id} size="xs" c="dimmed" data-testid="logbook-version">
            {p.revision === 1
              ? t('logbook.original')
              : t('logbook.version', { version: p.revision, at: formatDate(p.createdAt), by: p.createdBy ? ` · ${p.createdBy}` : '' })}
            : {formatDate(p.startedAt)} {formatTime(p.startedAt)}–{formatTime(p.endedAt)}, km {p.odometerStart}–{p.odometerEnd},{' '}
            {p.destination ?? '–'}, {t(`logbook.kinds.${p.tripKind}`)}
            {p.revision > 1 && p.note ? ` (${p.note})` : ''}
          </Text>
        ))}
    </Stack>
  );
}

function EntryRows({ entry: e, onCorrect, onExplain }: { entry: LogbookEntry; onCorrect: () => void; onExplain: () => void }) {
  const { t } = useTranslation('logbook');
  return (
    <>
      {e.gapBefore && (
        <Table.Tr>
          <Table.Td colSpan={9}>
            <GapNotice entry={e} onExplain={onExplain} />
          </Table.Td>
        </Table.Tr>
      )}
      <Table.Tr data-testid="logbook-row">
        <Table.Td>{formatDate(e.startedAt)}</Table.Td>
        <Table.Td>
          {formatTime(e.startedAt)}–{formatTime(e.endedAt)}
        </Table.Td>
        <Table.Td>
          {e.odometerStart}–{e.odometerEnd}
        </Table.Td>
        <Table.Td>{t('logbook.km', { km: e.distance })}</Table.Td>
        <Table.Td>{e.driver.name}</Table.Td>
        <Table.Td>
          <Stack gap={2}>
            <Text size="sm">{e.destination ?? '–'}</Text>
            <Versions entry={e} />
          </Stack>
        </Table.Td>
        <Table.Td>
          {e.kind === 'LUECKE' ? (
            <Badge color="gray" variant="light">
              {t('logbook.gapEntry')}
            </Badge>
          ) : null}{' '}
          {e.kind === 'LUECKE' ? e.note : (e.reason ?? '–')}
        </Table.Td>
        <Table.Td>{t(`logbook.kinds.${e.tripKind}`)}</Table.Td>
        <Table.Td>
          {e.correctable && (
            <Button size="xs" variant="light" onClick={onCorrect}>
              {t('logbook.correct')}
            </Button>
          )}
        </Table.Td>
      </Table.Tr>
    </>
  );
}

function EntryCard({ entry: e, onCorrect, onExplain }: { entry: LogbookEntry; onCorrect: () => void; onExplain: () => void }) {
  const { t } = useTranslation('logbook');
  return (
    <>
      <GapNotice entry={e} onExplain={onExplain} />
      <Paper withBorder p="sm" data-testid="logbook-card">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>
            {formatDate(e.startedAt)} · {formatTime(e.startedAt)}–{formatTime(e.endedAt)}
          </Text>
          <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
            {t(`logbook.kinds.${e.tripKind}`)}
          </Badge>
        </Group>
        <Text size="sm">
          km {e.odometerStart}–{e.odometerEnd} · {t('logbook.km', { km: e.distance })} · {e.driver.name}
        </Text>
        <Text size="sm">
          {e.destination ?? '–'}
          {e.kind === 'LUECKE' ? ` · ${t('logbook.gapEntry')}: ${e.note ?? ''}` : e.reason ? ` · ${e.reason}` : ''}
        </Text>
        <Versions entry={e} />
        {e.correctable && (
          <Button size="xs" variant="light" mt="xs" onClick={onCorrect}>
            {t('logbook.correct')}
          </Button>
        )}
      </Paper>
    </>
  );
}
