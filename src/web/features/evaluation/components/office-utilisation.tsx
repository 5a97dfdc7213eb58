import type { EvaluationQuery, OfficeEvaluation } from '@contracts/evaluation';
import { heatLevel } from '@domain/evaluation';
import { Card, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { KEYBOARD_SCROLL } from '@web/components/keyboard-scroll';
import { useTranslation } from 'react-i18next';
import { useOfficeEvaluation } from '../api/use-office-evaluation';
import { useNumberFormat } from '../format';
import { evaluationSearch } from '../period';
import { DownloadButtons } from './download-buttons';
import { EvaluationFrame } from './evaluation-frame';
import { FiguresTable } from './figures-table';

/** Background and text colour of the five heat steps; dark steps take white text for contrast. */
const HEAT = [
  { bg: 'var(--mantine-color-gray-0)', fg: 'var(--mantine-color-dark-6)' },
  { bg: 'var(--mantine-color-teal-1)', fg: 'var(--mantine-color-dark-7)' },
  { bg: 'var(--mantine-color-teal-3)', fg: 'var(--mantine-color-dark-8)' },
  { bg: 'var(--mantine-color-teal-7)', fg: 'white' },
  { bg: 'var(--mantine-color-teal-9)', fg: 'white' },
];

function Heatmap({ data }: { data: OfficeEvaluation }) {
  const { t } = useTranslation('evaluation');
  const { pct } = useNumberFormat();
  const weekdays = t('office.weekdays', { returnObjects: true }) as string[];
  // Focusable: a table wider than a phone scrolls sideways by keyboard too (WCAG 2.1.1).
  return (
    <ScrollArea type="auto" {...KEYBOARD_SCROLL}>
      <Table withTableBorder withColumnBorders fz="sm" miw={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('office.col.floorPlan')}</Table.Th>
            {weekdays.map((d) => (
              <Table.Th key={d} style={{ textAlign: 'center' }}>
                {d}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.heatmap.map((row) => (
            <Table.Tr key={row.floorPlanId}>
              <Table.Th scope="row" fw={500}>
                {row.floorPlan}
              </Table.Th>
              {row.weekdays.map((share, i) => {
                const heat = HEAT[heatLevel(share)] ?? HEAT[0]!;
                return (
                  <Table.Td
                    key={weekdays[i]}
                    style={{ background: heat.bg, color: heat.fg, textAlign: 'center', whiteSpace: 'nowrap' }}
                    data-level={heatLevel(share)}
                  >
                    {pct(share)}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** Büroauslastung: floor plans, weekday heat map, places and rooms, departments; every table downloadable. */
export function OfficeUtilisation({ query, onQuery }: { query: EvaluationQuery; onQuery: (q: EvaluationQuery) => void }) {
  const { t } = useTranslation('evaluation');
  const { n, pct } = useNumberFormat();
  const result = useOfficeEvaluation(query);
  const href = (table: string) => (format: 'csv' | 'xlsx') =>
    `/api/admin/evaluation/office/export?${evaluationSearch(query, { table, format })}`;
  return (
    <EvaluationFrame
      title={t('office.title')}
      intro={t('office.intro')}
      query={query}
      onQuery={onQuery}
      result={result}
      chartTitle={t('office.chart')}
      chartData={(data) => data.floorPlans.map((p) => ({ label: p.floorPlan, value: p.utilisation }))}
    >
      {(data) => (
        <>
          <FiguresTable
            title={t('office.plans')}
            rows={data.floorPlans}
            rowKey={(r) => r.floorPlanId}
            actions={<DownloadButtons table={t('office.plans')} href={href('grundrisse')} />}
            columns={[
              { key: 'plan', label: t('office.col.floorPlan'), render: (r) => r.floorPlan },
              { key: 'area', label: t('office.col.area'), render: (r) => t(`office.area.${r.area}`) },
              { key: 'location', label: t('office.col.location'), render: (r) => r.location ?? '–' },
              { key: 'places', label: t('office.col.places'), numeric: true, render: (r) => n(r.places) },
              { key: 'bookings', label: t('office.col.bookings'), numeric: true, render: (r) => n(r.bookings) },
              { key: 'booked', label: t('office.col.bookedHours'), numeric: true, render: (r) => n(r.bookedHours) },
              { key: 'capacity', label: t('office.col.capacityHours'), numeric: true, render: (r) => n(r.capacityHours) },
              { key: 'util', label: t('office.col.utilisation'), numeric: true, render: (r) => pct(r.utilisation) },
              { key: 'cancel', label: t('office.col.cancellationRate'), numeric: true, render: (r) => pct(r.cancellationRate) },
              { key: 'noshow', label: t('office.col.noShowRate'), numeric: true, render: (r) => pct(r.noShowRate) },
            ]}
          />
          <Card withBorder padding="md" component="section" aria-label={t('office.heatmap')}>
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('office.heatmap')}
              </Title>
              <DownloadButtons table={t('office.heatmap')} href={href('wochentage')} />
              <Text size="xs" c="dimmed">
                {t('office.heatmapHint')}
              </Text>
              {data.heatmap.length === 0 ? <Text c="dimmed">{t('empty')}</Text> : <Heatmap data={data} />}
            </Stack>
          </Card>
          <FiguresTable
            title={t('office.objects')}
            rows={data.objects}
            rowKey={(r) => `${r.floorPlan}/${r.designation}`}
            maxHeight={480}
            actions={<DownloadButtons table={t('office.objects')} href={href('plaetze')} />}
            columns={[
              { key: 'plan', label: t('office.col.floorPlan'), render: (r) => r.floorPlan },
              { key: 'object', label: t('office.col.object'), render: (r) => r.designation },
              { key: 'kind', label: t('office.col.kind'), render: (r) => t(`office.kind.${r.kind}`) },
              { key: 'bookings', label: t('office.col.bookings'), numeric: true, render: (r) => n(r.bookings) },
              { key: 'booked', label: t('office.col.bookedHours'), numeric: true, render: (r) => n(r.bookedHours) },
              { key: 'util', label: t('office.col.utilisation'), numeric: true, render: (r) => pct(r.utilisation) },
              { key: 'cancel', label: t('office.col.cancellationRate'), numeric: true, render: (r) => pct(r.cancellationRate) },
              { key: 'noshow', label: t('office.col.noShowRate'), numeric: true, render: (r) => pct(r.noShowRate) },
            ]}
          />
          <FiguresTable
            title={t('office.departments')}
            rows={data.departments}
            rowKey={(r) => r.department ?? ''}
            actions={<DownloadButtons table={t('office.departments')} href={href('abteilungen')} />}
            columns={[
              { key: 'dep', label: t('office.col.department'), render: (r) => r.department ?? t('noDepartment') },
              { key: 'bookings', label: t('office.col.bookings'), numeric: true, render: (r) => n(r.bookings) },
              { key: 'booked', label: t('office.col.bookedHours'), numeric: true, render: (r) => n(r.bookedHours) },
              { key: 'cancel', label: t('office.col.cancellationRate'), numeric: true, render: (r) => pct(r.cancellationRate) },
              { key: 'noshow', label: t('office.col.noShowRate'), numeric: true, render: (r) => pct(r.noShowRate) },
            ]}
          />
        </>
      )}
    </EvaluationFrame>
  );
}
