import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

export interface CostDatum {
  label: string;
  fuel: number;
  charging: number;
  service: number;
  repair: number;
  other: number;
}

/**
 * Costs per vehicle as stacked bars. Pulls in @mantine/charts and recharts, so
 * it is only ever imported lazily (decision 063): no booking screen carries it.
 */
export default function CostChart({
  data,
  labels,
  locale,
}: {
  data: CostDatum[];
  labels: Record<keyof Omit<CostDatum, 'label'>, string>;
  locale: string;
}) {
  const euro = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  return (
    <BarChart
      h={Math.max(180, data.length * 30 + 60)}
      data={data}
      dataKey="label"
      type="stacked"
      orientation="vertical"
      yAxisProps={{ width: 100 }}
      gridAxis="x"
      withLegend
      withTooltip
      valueFormatter={(v) => euro.format(v)}
      series={[
        { name: 'fuel', label: labels.fuel, color: 'orange.6' },
        { name: 'charging', label: labels.charging, color: 'teal.6' },
        { name: 'service', label: labels.service, color: 'blue.6' },
        { name: 'repair', label: labels.repair, color: 'red.6' },
        { name: 'other', label: labels.other, color: 'gray.6' },
      ]}
    />
  );
}
