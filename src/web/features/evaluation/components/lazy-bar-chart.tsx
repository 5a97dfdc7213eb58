import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { BarDatum } from './bar-chart';

const Chart = lazy(() => import('./bar-chart'));

/** Loads the chart library when a chart is first shown. */
export function LazyBarChart({ data, title }: { data: BarDatum[]; title: string }) {
  const { t } = useTranslation('evaluation');
  if (data.length === 0) return null;
  return (
    <figure style={{ margin: 0 }} aria-label={title}>
      <Suspense fallback={<Skeleton h={160} aria-label={t('chartLoading')} />}>
        <Chart data={data} seriesLabel={title} />
      </Suspense>
    </figure>
  );
}
