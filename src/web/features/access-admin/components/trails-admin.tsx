import { formatDateTime, parseGermanDate } from '@domain/time';
import { Alert, Badge, Card, Group, Loader, Pagination, Select, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMediaQueryAfterHydration } from '@web/lib/use-after-hydration';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditEntry, type LogEntry, TRAIL_PAGE_SIZE, useAudit, useLogs } from '../api/use-trails';

const DAY_MS = 24 * 60 * 60 * 1000;

/** DD.MM.YYYY as Berlin midnight; the end date counts whole (its next midnight). Empty → no bound, wrong → error. */
function bound(text: string, end: boolean): { value?: string; error: boolean } {
  const v = text.trim();
  if (!v) return { error: false };
  try {
    const d = parseGermanDate(v);
    return { value: new Date(d.getTime() + (end ? DAY_MS : 0)).toISOString(), error: false };
  } catch {
    return { error: true };
  }
}

function Period({ from, to, setFrom, setTo }: { from: string; to: string; setFrom: (v: string) => void; setTo: (v: string) => void }) {
  const { t } = useTranslation('trails');
  return (
    <>
      <TextInput
        label={t('from')}
        value={from}
        onChange={(e) => setFrom(e.currentTarget.value)}
        w={150}
        error={bound(from, false).error ? t('badDate') : undefined}
      />
      <TextInput
        label={t('to')}
        value={to}
        onChange={(e) => setTo(e.currentTarget.value)}
        w={150}
        error={bound(to, true).error ? t('badDate') : undefined}
      />
    </>
  );
}

function Paged({
  query,
  page,
  setPage,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data?: { total: number } };
  page: number;
  setPage: (p: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('trails');
  if (query.isPending) return <Loader />;
  if (query.isError) return <Alert color="red">{query.error?.message}</Alert>;
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TRAIL_PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('count', { count: total })}
      </Text>
      {total === 0 ? <Text>{t('empty')}</Text> : children}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
        />
      ) : null}
    </Stack>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('trails');
  return (
    <Stack gap={2}>
      {entry.changes.map((c) => (
        <Text key={c.field} size="sm">
          <b>{c.field}:</b> {c.old ?? t('none')} → {c.new ?? t('none')}
        </Text>
      ))}
    </Stack>
  );
}

function AuditTab({ wide }: { wide: boolean }) {
  const { t } = useTranslation('trails');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [subjectType, setSubject] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const subjects = t('subjects', { returnObjects: true }) as Record<string, string>;
  const actions = t('actions', { returnObjects: true }) as Record<string, string>;
  const q = useAudit({ from: bound(from, false).value, to: bound(to, true).value, subjectType: subjectType ?? undefined, page });
  const entries = q.data?.entries ?? [];
  const what = (e: AuditEntry) => `${subjects[e.subjectType] ?? e.subjectType} „${e.subjectName}“ ${actions[e.action] ?? e.action}`;
  return (
    <Stack gap="md">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label={t('subjectType')}
          placeholder={t('all')}
          data={Object.entries(subjects).map(([value, label]) => ({ value, label }))}
          value={subjectType}
          onChange={(v) => {
            setSubject(v);
            setPage(1);
          }}
          clearable
          w={180}
        />
        <Period
          from={from}
          to={to}
          setFrom={(v) => {
            setFrom(v);
            setPage(1);
          }}
          setTo={(v) => {
            setTo(v);
            setPage(1);
          }}
        />
      </Group>
      <Paged query={q} page={page} setPage={setPage}>
        {wide ? (
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('at')}</Table.Th>
                <Table.Th>{t('actor')}</Table.Th>
                <Table.Th>{t('subject')}</Table.Th>
                <Table.Th>{t('changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</Table.Td>
                  <Table.Td>{e.actorName}</Table.Td>
                  <Table.Td>{what(e)}</Table.Td>
                  <Table.Td>
                    <Changes entry={e} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Stack gap="sm" role="list">
            {entries.map((e) => (
              <Card key={e.id} withBorder padding="sm" role="listitem">
                <Text size="sm" c="dimmed">
                  {formatDateTime(e.at)} · {e.actorName}
                </Text>
                <Text fw={600}>{what(e)}</Text>
                <Changes entry={e} />
              </Card>
            ))}
          </Stack>
        )}
      </Paged>
    </Stack>
  );
}

const LEVEL_COLOURS: Record<string, string> = { ERROR: 'red', WARN: 'orange', INFO: 'blue', DEBUG: 'gray' };

function LevelBadge({ level }: { level: string }) {
  return (
    <Badge color={LEVEL_COLOURS[level] ?? 'gray'} variant="light">
      {level}
    </Badge>
  );
}

function LogTab({ wide }: { wide: boolean }) {
  const { t } = useTranslation('trails');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [level, setLevel] = useState<string | null>(null);
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [cat] = useDebouncedValue(category.trim(), 300);
  const q = useLogs({
    from: bound(from, false).value,
    to: bound(to, true).value,
    level: level ?? undefined,
    category: cat || undefined,
    page,
  });
  const entries: LogEntry[] = q.data?.entries ?? [];
  return (
    <Stack gap="md">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label={t('level')}
          placeholder={t('all')}
          data={['ERROR', 'WARN', 'INFO', 'DEBUG']}
          value={level}
          onChange={(v) => {
            setLevel(v);
            setPage(1);
          }}
          clearable
          w={140}
        />
        <TextInput
          label={t('category')}
          value={category}
          onChange={(e) => {
            setCategory(e.currentTarget.value);
            setPage(1);
          }}
          w={180}
        />
        <Period
          from={from}
          to={to}
          setFrom={(v) => {
            setFrom(v);
            setPage(1);
          }}
          setTo={(v) => {
            setTo(v);
            setPage(1);
          }}
        />
      </Group>
      <Paged query={q} page={page} setPage={setPage}>
        {wide ? (
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('at')}</Table.Th>
                <Table.Th>{t('level')}</Table.Th>
                <Table.Th>{t('category')}</Table.Th>
                <Table.Th>{t('message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</Table.Td>
                  <Table.Td>
                    <LevelBadge level={e.level} />
                  </Table.Td>
                  <Table.Td>{e.category}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Stack gap="sm" role="list">
            {entries.map((e) => (
              <Card key={e.id} withBorder padding="sm" role="listitem">
                <Group gap="xs">
                  <LevelBadge level={e.level} />
                  <Text size="sm" c="dimmed">
                    {formatDateTime(e.at)} · {e.category}
                  </Text>
                </Group>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {e.message}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </Paged>
    </Stack>
  );
}

/** /admin/protokoll: the audit trail and the logging table, each filtered and paged on the server. */
export function TrailsAdmin() {
  const { t } = useTranslation('trails');
  const wide = useMediaQueryAfterHydration('(min-width: 62em)', true);
  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Text size="sm">{t('intro')}</Text>
      <Tabs defaultValue="audit" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="audit">{t('auditTab')}</Tabs.Tab>
          <Tabs.Tab value="log">{t('logTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="audit" pt="md">
          <AuditTab wide={wide} />
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          <LogTab wide={wide} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
