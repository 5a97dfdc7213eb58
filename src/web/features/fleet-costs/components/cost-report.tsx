import type { CostQuery, CostRow } from '@contracts/fleet-costs';
import { Button, Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { AnchorLink } from '@web/components/links';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { costSearch, useCostReport } from '../api/use-cost-report';
import { useCostFormat } from './format';

const Chart = lazy(() => import('./cost-chart'));

/** The fleet's costs in the evaluation's period: key figures, a stacked chart, one line per vehicle, Excel and PDF. */
export function CostReportSection({ query }: { query: CostQuery }) {
  const { t, i18n } = useTranslation('fleetCosts');
  const { euro, n } = useCostFormat();
  const report = useCostReport(query);
  const data = report.data;
  const download = (format: 'xlsx' | 'pdf') => `/api/admin/evaluation/costs/export?${costSearch(query, { format })}`;
  const figure = (label: string, value: string, testId: string) => (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
  const withCosts = (data?.vehicles ?? []).filter((v) => v.total > 0);
  return (
    <Stack gap="md" component="section" aria-labelledby="cost-report-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} size="h3" id="cost-report-title">
            {t('report.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('report.intro')}
          </Text>
        </div>
        <Group gap="xs">
          <Button component="a" href={download('xlsx')} variant="default" size="xs" aria-label={t('report.download', { format: 'Excel' })}>
            Excel
          </Button>
          <Button component="a" href={download('pdf')} variant="default" size="xs" aria-label={t('report.download', { format: 'PDF' })}>
            PDF
          </Button>
        </Group>
      </Group>
      {!data ? (
        <Loader />
      ) : data.vehicles.length === 0 ? (
        <Text c="dimmed">{t('report.none')}</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            {figure(t('report.total'), euro(data.fleet.total), 'cost-total')}
            {figure(t('report.perKm'), euro(data.fleet.perKilometre), 'cost-per-km')}
            {figure(t('report.perHour'), euro(data.fleet.perBookedHour), 'cost-per-hour')}
            {figure(t('report.fuelUse'), data.fleet.litresPer100 === null ? '–' : `${n(data.fleet.litresPer100)} l/100 km`, 'fuel-use')}
            {figure(t('report.powerUse'), data.fleet.kwhPer100 === null ? '–' : `${n(data.fleet.kwhPer100)} kWh/100 km`, 'power-use')}
          </SimpleGrid>
          {withCosts.length > 0 && (
            <figure style={{ margin: 0 }} aria-label={t('report.chart')}>
              <Suspense fallback={<Skeleton h={180} />}>
                <Chart
                  locale={i18n.language === 'en' ? 'en-US' : 'de-DE'}
                  labels={{
                    fuel: t('report.col.fuel'),
                    charging: t('report.col.charging'),
                    service: t('report.col.service'),
                    repair: t('report.col.repair'),
                    other: t('report.col.other'),
                  }}
                  data={withCosts.slice(0, 40).map((v) => ({
                    label: v.licensePlate,
                    fuel: v.fuel,
                    charging: v.charging,
                    service: v.service,
                    repair: v.repair,
                    other: v.other,
                  }))}
                />
              </Suspense>
            </figure>
          )}
          <Table.ScrollContainer minWidth={960}>
            <Table striped highlightOnHover data-testid="cost-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report.col.vehicle')}</Table.Th>
                  {(['fuel', 'charging', 'service', 'repair', 'other', 'total', 'km', 'hours', 'perKm', 'perHour', 'use'] as const).map(
                    (c) => (
                      <Table.Th key={c} ta="right">
                        {t(`report.col.${c}`)}
                      </Table.Th>
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.vehicles.map((v) => (
                  <Line key={v.vehicleId} row={v} />
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Line row={{ ...data.fleet, vehicleId: '', licensePlate: t('report.fleet'), vehicle: '', location: '' }} bold />
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

function Line({ row: v, bold = false }: { row: CostRow; bold?: boolean }) {
  const { euro, n } = useCostFormat();
  const num = (text: string) => (
    <Table.Td ta="right" fw={bold ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Table.Td>
  );
  // One consumption column: a vehicle burns fuel or charges (a plug-in hybrid does both), so the units are named.
  const use = [v.litresPer100 === null ? null : `${n(v.litresPer100)} l`, v.kwhPer100 === null ? null : `${n(v.kwhPer100)} kWh`].filter(
    Boolean,
  );
  return (
    <Table.Tr>
      <Table.Td fw={bold ? 600 : undefined}>
        <Text size="sm" fw={bold ? 600 : 500} style={{ whiteSpace: 'nowrap' }}>
          {v.vehicleId ? (
            <AnchorLink to="/fahrzeuge/$vehicleId" params={{ vehicleId: v.vehicleId }} search={{ tab: 'kosten' }} size="sm">
              {v.licensePlate}
            </AnchorLink>
          ) : (
            v.licensePlate
          )}
        </Text>
        {v.vehicle && (
          <Text size="xs" c="dimmed">
            {v.vehicle}
          </Text>
        )}
      </Table.Td>
      {num(euro(v.fuel))}
      {num(euro(v.charging))}
      {num(euro(v.service))}
      {num(euro(v.repair))}
      {num(euro(v.other))}
      {num(euro(v.total))}
      {num(n(v.kilometres))}
      {num(n(v.bookedHours))}
      {num(euro(v.perKilometre))}
      {num(euro(v.perBookedHour))}
      {num(use.length ? use.join(' · ') : '–')}
    </Table.Tr>
  );
}
