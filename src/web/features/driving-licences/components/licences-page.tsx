import type { DriverRowDto } from '@contracts/driving-licences';
import { DUE_STATES, LICENCE_STATES, type LicenceState } from '@domain/driving-licence';
import { isoToGerman } from '@domain/vehicle-time';
import { Alert, Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { StateFilter } from '@web/components/state-filter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DriverParams, useDrivers } from '../api/use-drivers';
import { CheckDialog } from './check-dialog';
import { GuestDrivers } from './guest-drivers';
import { HistoryDrawer } from './history-drawer';
import { ListPager, ListSearchField, StateBadge, useListSearch } from './list-parts';

const PAGE_SIZE = 25;
type Filter = 'all' | 'due' | LicenceState;

const date = (d: string | undefined) => (d ? isoToGerman(d) : '–');

const INSTRUCTION_COLOURS = { gueltig: 'green', bald_faellig: 'yellow', ueberfaellig: 'red', keine: 'gray' } as const;

/** The general driver instruction beside the licence (docs/product.md#driver-instruction); nothing when none is published. */
function InstructionMark({ d }: { d: DriverRowDto }) {
  const { t } = useTranslation('licences');
  if (!d.instruction) return <>{t('none')}</>;
  return (
    <Stack gap={0}>
      <Badge color={INSTRUCTION_COLOURS[d.instruction.state]} variant="outline" tt="none" data-instruction={d.instruction.state}>
        {t(`instruction.${d.instruction.state}`)}
      </Badge>
      {d.instruction.nextDue && (
        <Text size="xs" c="dimmed">
          {t('instruction.until', { date: isoToGerman(d.instruction.nextDue) })}
        </Text>
      )}
    </Stack>
  );
}

function Actions({ d, onRecord, onHistory }: { d: DriverRowDto; onRecord: () => void; onHistory: () => void }) {
  const { t } = useTranslation('licences');
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" onClick={onRecord} aria-label={`${t('record')}: ${d.name}`}>
        {t('record')}
      </Button>
      <Button size="xs" variant="default" onClick={onHistory} aria-label={`${t('history')}: ${d.name}`}>
        {t('history')}
      </Button>
    </Group>
  );
}

/** /fahrzeuge/fuehrerschein: the examiner's list of drivers with licence state, filter, search and paging on the server. */
export function LicencesPage() {
  const { t } = useTranslation('licences');
  const { t: tc } = useTranslation();
  useDocumentTitle(`${t('title')} · ${tc('appName')}`);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [view, setView] = useState<'staff' | 'guests'>('staff');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const search = useListSearch(() => setPage(1));
  const q = search.q;
  const [checking, setChecking] = useState<DriverRowDto | null>(null);
  const [history, setHistory] = useState<{ userId: string; name: string } | null>(null);
  const states: LicenceState[] = filter === 'all' ? [] : filter === 'due' ? [...DUE_STATES] : [filter];
  const params: DriverParams = { q, states, page, pageSize: PAGE_SIZE };
  const list = useDrivers(params);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const choose = (f: Filter) => {
    setFilter(f);
    setPage(1);
  };

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }} maw={1280} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
      </Stack>
      <SegmentedControl
        value={view}
        onChange={(v) => setView(v as 'staff' | 'guests')}
        data={[
          { value: 'staff', label: t('views.staff') },
          { value: 'guests', label: t('views.guests') },
        ]}
        aria-label={t('views.label')}
        maw={420}
      />
      {view === 'guests' ? (
        <GuestDrivers />
      ) : (
        <>
          {data && (
            <Text fw={600} data-due-count={data.dueCount}>
              {t('due', { count: data.dueCount })}
            </Text>
          )}
          <ListSearchField {...search.field} placeholder={t('searchPlaceholder')} />
          <StateFilter
            label={t('filter')}
            value={filter}
            onChange={choose}
            states={LICENCE_STATES}
            counts={data?.counts}
            dueCount={data?.dueCount}
            texts={{ all: t('all'), due: t('dueOnly'), state: (s) => t(`states.${s}`) }}
          />
          {list.isError && <Alert color="red">{list.error.message}</Alert>}
          {list.isPending && <Loader size="sm" />}
          {data && (
            <>
              <Text size="sm" c="dimmed">
                {t('people', { count: data.total })}
              </Text>
              {data.items.length === 0 && <Text>{t('empty')}</Text>}
              {phone ? (
                <Stack gap="xs">
                  {data.items.map((d) => (
                    <Card key={d.userId} withBorder padding="sm" data-driver={d.email}>
                      <Stack gap={4}>
                        <Group justify="space-between" wrap="nowrap">
                          <Text fw={600}>{d.name}</Text>
                          <StateBadge state={d.state} />
                        </Group>
                        {d.departmentName && (
                          <Text size="sm" c="dimmed">
                            {d.departmentName}
                          </Text>
                        )}
                        <Text size="sm">
                          {t('columns.classes')}: {d.licence?.classes.join(', ') || t('none')}
                        </Text>
                        <Text size="sm">
                          {t('columns.lastCheck')}: {date(d.licence?.lastCheck)}
                        </Text>
                        <Text size="sm">
                          {t('columns.nextCheck')}: {date(d.licence?.nextCheck)}
                        </Text>
                        {d.instruction && <InstructionMark d={d} />}
                        <Actions d={d} onRecord={() => setChecking(d)} onHistory={() => setHistory({ userId: d.userId, name: d.name })} />
                      </Stack>
                    </Card>
                  ))}
                </Stack>
              ) : (
                <Table striped highlightOnHover verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('columns.name')}</Table.Th>
                      <Table.Th>{t('columns.department')}</Table.Th>
                      <Table.Th>{t('columns.state')}</Table.Th>
                      <Table.Th>{t('columns.classes')}</Table.Th>
                      <Table.Th>{t('columns.lastCheck')}</Table.Th>
                      <Table.Th>{t('columns.nextCheck')}</Table.Th>
                      <Table.Th>{t('columns.instruction')}</Table.Th>
                      <Table.Th>{t('columns.actions')}</Table.Th>
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
                        <Table.Td>{d.departmentName ?? t('none')}</Table.Td>
                        <Table.Td miw={120}>
                          <StateBadge state={d.state} />
                        </Table.Td>
                        <Table.Td>{d.licence?.classes.join(', ') || t('none')}</Table.Td>
                        <Table.Td>{date(d.licence?.lastCheck)}</Table.Td>
                        <Table.Td>{date(d.licence?.nextCheck)}</Table.Td>
                        <Table.Td>
                          <InstructionMark d={d} />
                        </Table.Td>
                        <Table.Td>
                          <Actions d={d} onRecord={() => setChecking(d)} onHistory={() => setHistory({ userId: d.userId, name: d.name })} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <ListPager page={page} pages={pages} onChange={setPage} />
            </>
          )}
          {checking && (
            <CheckDialog
              key={checking.userId}
              driver={checking}
              onClose={() => setChecking(null)}
              onSaved={(h) => {
                setChecking(null);
                notifications.show({
                  color: 'green',
                  message: t('form.saved', { name: h.person.name, date: h.licence ? isoToGerman(h.licence.nextCheck) : '' }),
                });
              }}
            />
          )}
          <HistoryDrawer person={history} onClose={() => setHistory(null)} />
        </>
      )}
    </Stack>
  );
}
