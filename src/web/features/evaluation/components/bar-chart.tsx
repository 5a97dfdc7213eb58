import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

export interface BarDatum {
  label: string;
  value: number;
}

/**
 * The one chart of the evaluation screens (decision 063). This module pulls
 * in @mantine/charts and recharts; it is only ever imported lazily, so no
 * booking screen carries it.
 */
export default function UtilisationBarChart({ data, seriesLabel }: { data: BarDatum[]; seriesLabel: string }) {
  return (
    <BarChart
      h={Math.max(160, data.length * 34 + 40)}
      data={data}
      dataKey="label"
      orientation="vertical"
      yAxisProps={{ width: 110 }}
      xAxisProps={{ domain: [0, 100] }}
      series={[{ name: 'value', label: seriesLabel, color: 'teal.7' }]}
      gridAxis="x"
      withTooltip
      valueFormatter={(v) => `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(v)} %`}
    />
  );
}
