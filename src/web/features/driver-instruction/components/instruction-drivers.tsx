import type { InstructedDriverDto, InstructionVersionDto } from '@contracts/driver-instruction';
import { DUE_INSTRUCTION_STATES, INSTRUCTION_STATES, type InstructionState } from '@domain/driver-instruction';
import { isoToGerman } from '@domain/vehicle-time';
import { Alert, Button, Card, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { StateFilter } from '@web/components/state-filter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { driverSearch, useInstructionDrivers } from '../api/use-instruction-drivers';
import { HistoryDrawer } from './history-drawer';
import { InstructionBadge, useTopicName } from './parts';
import { RecordDialog } from './record-dialog';

const PAGE_SIZE = 25;
type Filter = 'all' | 'due' | InstructionState;
const date = (d: string | null) => (d ? isoToGerman(d) : '–');

/** The fleet's list of a topic's drivers: who is due or overdue, filter, search, paging, export, in-person records. */
export function InstructionDrivers({ versions }: { versions: readonly InstructionVersionDto[] }) {
  const { t } = useTranslation('driverInstruction');
  const topicName = useTopicName();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const topics = [...new Set(['', ...versions.map((v) => v.category)])];
  const [category, setCategory] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text, 250);
  const [recording, setRecording] = useState<InstructedDriverDto | null>(null);
  const [history, setHistory] = useState<{ userId: string; name: string } | null>(null);
  const states: InstructionState[] = filter === 'all' ? [] : filter === 'due' ? [...DUE_INSTRUCTION_STATES] : [filter];
  const list = useInstructionDrivers({ category, q, states, page, pageSize: PAGE_SIZE });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const choose = (f: Filter) => {
    setFilter(f);
    setPage(1);
  };
  const actions = (d: InstructedDriverDto) => (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" onClick={() => setRecording(d)} disabled={!data?.current} aria-label={`${t('list.record')}: ${d.name}`}>
        {t('list.record')}
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => setHistory({ userId: d.userId, name: d.name })}
        aria-label={`${t('list.history')}: ${d.name}`}
      >
        {t('list.history')}
      </Button>
    </Group>
  );
  const last = (d: InstructedDriverDto) =>
    d.lastOn ? `${date(d.lastOn)} · ${t('list.version', { version: d.lastVersion })}` : t('list.none');

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        {topics.length > 1 && (
          <Select
            label={t('topic')}
            value={category}
            allowDeselect={false}
            onChange={(v) => {
              setCategory(v ?? '');
              setPage(1);
            }}
            data={topics.map((c) => ({ value: c, label: topicName(c) }))}
            maw={260}
          />
        )}
        <TextInput
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={text}
          maxLength={100}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          miw={240}
          style={{ flex: 1 }}
          maw={480}
        />
        <Button
          component="a"
          variant="default"
          href={`/api/driver-instruction/drivers/export?${driverSearch({ category, q, states })}`}
          data-testid="instruction-export"
        >
          {t('list.export')}
        </Button>
      </Group>
      {data && (
        <Stack gap={2}>
          <Text fw={600} data-due-count={data.dueCount}>
            {t('list.due', { count: data.dueCount })}
          </Text>
          <Text size="sm" c="dimmed">
            {data.current
              ? t('list.current', { version: data.current.version, title: data.current.title, date: isoToGerman(data.current.publishedOn) })
              : t('list.noVersion')}
          </Text>
        </Stack>
      )}
      <StateFilter
        label={t('list.filter')}
        value={filter}
        onChange={choose}
        states={INSTRUCTION_STATES}
        counts={data?.counts}
        dueCount={data?.dueCount}
        texts={{ all: t('list.all'), due: t('list.dueOnly'), state: (s) => t(`states.${s}`) }}
      />
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending && <Loader size="sm" />}
      {data && (
        <>
          <Text size="sm" c="dimmed">
            {t('list.people', { count: data.total })}
          </Text>
          {data.items.length === 0 && <Text>{t('list.empty')}</Text>}
          {phone ? (
            <Stack gap="xs">
              {data.items.map((d) => (
                <Card key={d.userId} withBorder padding="sm" data-driver={d.email}>
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{d.name}</Text>
                      <InstructionBadge state={d.state} />
                    </Group>
                    <Text size="sm">
                      {t('list.columns.last')}: {last(d)}
                    </Text>
                    <Text size="sm">
                      {t('list.columns.nextDue')}: {date(d.nextDue)}
                    </Text>
                    {actions(d)}
                  </Stack>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.columns.name')}</Table.Th>
                  <Table.Th>{t('list.columns.department')}</Table.Th>
                  <Table.Th>{t('list.columns.state')}</Table.Th>
                  <Table.Th>{t('list.columns.last')}</Table.Th>
                  <Table.Th>{t('list.columns.kind')}</Table.Th>
                  <Table.Th>{t('list.columns.nextDue')}</Table.Th>
                  <Table.Th>{t('list.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((d) => (
                  <Table.Tr key={d.userId} data-driver={d.email}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {d.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {d.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{d.departmentName ?? t('list.none')}</Table.Td>
                    <Table.Td>
                      <InstructionBadge state={d.state} />
                    </Table.Td>
                    <Table.Td>{last(d)}</Table.Td>
                    <Table.Td>{d.lastKind ? t(`kinds.${d.lastKind}`) : t('list.none')}</Table.Td>
                    <Table.Td>{date(d.nextDue)}</Table.Td>
                    <Table.Td>{actions(d)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {pages > 1 && (
            <Group justify="center" gap="sm">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': control === 'previous' ? t('list.previous') : t('list.next') })}
              />
              <Text size="sm" c="dimmed">
                {t('list.page', { page, pages })}
              </Text>
            </Group>
          )}
        </>
      )}
      {recording && (
        <RecordDialog
          key={recording.userId}
          driver={recording}
          versions={versions}
          category={category}
          onClose={() => setRecording(null)}
          onSaved={(h) => {
            setRecording(null);
            notifications.show({ color: 'green', message: t('record.saved', { name: h.person.name }) });
          }}
        />
      )}
      <HistoryDrawer person={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}
