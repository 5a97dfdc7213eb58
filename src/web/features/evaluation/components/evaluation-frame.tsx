import type { EvaluationQuery } from '@contracts/evaluation';
import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayLabel } from '../format';
import { EvaluationFilters } from './evaluation-filters';
import { LazyBarChart } from './lazy-bar-chart';

interface Figures {
  from: string;
  to: string;
  locations: { id: string; name: string }[];
}

/**
 * What both evaluation screens share: title and intro, the period and location
 * filters, loading and error states, the period line and the bar chart; the
 * screen adds its tables below.
 */
export function EvaluationFrame<D extends Figures>({
  title,
  intro,
  query,
  onQuery,
  result,
  chartTitle,
  chartData,
  children,
}: {
  title: string;
  intro: string;
  query: EvaluationQuery;
  onQuery: (q: EvaluationQuery) => void;
  result: { data: D | undefined; error: Error | null; isPending: boolean; isFetching: boolean };
  chartTitle: string;
  chartData: (data: D) => { label: string; value: number }[];
  children: (data: D) => ReactNode;
}) {
  const { t } = useTranslation('evaluation');
  const { data, error, isPending, isFetching } = result;
  const bars = data ? chartData(data) : [];
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Text size="sm" c="dimmed" maw={820}>
        {intro}
      </Text>
      <EvaluationFilters query={query} locations={data?.locations ?? []} onChange={onQuery} />
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {isPending ? (
        <Loader aria-label={t('loading')} />
      ) : data ? (
        <Stack gap="md" style={{ opacity: isFetching ? 0.6 : 1 }}>
          <Text size="sm" fw={500}>
            {t('filters.period', { from: dayLabel(data.from), to: dayLabel(data.to) })}
          </Text>
          <Card withBorder padding="md" component="section" aria-label={chartTitle}>
            <Title order={2} size="h4" mb="sm">
              {chartTitle}
            </Title>
            <LazyBarChart title={chartTitle} data={bars} />
            {bars.length === 0 ? <Text c="dimmed">{t('empty')}</Text> : null}
          </Card>
          {children(data)}
        </Stack>
      ) : null}
    </Stack>
  );
}
