import type { EvaluationMonth, EvaluationQuery } from '@contracts/evaluation';
import { useTranslation } from 'react-i18next';
import { useVehicleEvaluation } from '../api/use-vehicle-evaluation';
import { monthLabel, useNumberFormat } from '../format';
import { evaluationSearch } from '../period';
import { DownloadButtons } from './download-buttons';
import { EvaluationFrame } from './evaluation-frame';
import { type Column, FiguresTable } from './figures-table';
import { VehicleMonthsTable } from './vehicle-months-table';

/** Auswertung of the pool vehicles: per vehicle, the fleet per month, one vehicle's months, per department; every table downloadable. */
export function VehicleEvaluationView({ query, onQuery }: { query: EvaluationQuery; onQuery: (q: EvaluationQuery) => void }) {
  const { t } = useTranslation('evaluation');
  const { n, pct } = useNumberFormat();
  const result = useVehicleEvaluation(query);
  const href = (table: string) => (format: 'csv' | 'xlsx') =>
    `/api/admin/evaluation/vehicles/export?${evaluationSearch(query, { table, format })}`;
  return (
    <EvaluationFrame
      title={t('vehicles.title')}
      intro={t('vehicles.intro')}
      query={query}
      onQuery={onQuery}
      result={result}
      chartTitle={t('vehicles.chart')}
      chartData={(data) => data.vehicles.map((v) => ({ label: v.licensePlate, value: v.utilisation }))}
    >
      {(data) => {
        // the same figures per vehicle, per month of the fleet and per month of one vehicle
        type Figures = Pick<EvaluationMonth, 'bookings' | 'trips' | 'cancelled' | 'bookedHours' | 'utilisation' | 'kilometres'>;
        const figures: Column<Figures>[] = [
          { key: 'bookings', label: t('vehicles.col.bookings'), numeric: true, render: (r) => n(r.bookings) },
          { key: 'trips', label: t('vehicles.col.trips'), numeric: true, render: (r) => n(r.trips) },
          { key: 'cancelled', label: t('vehicles.col.cancelled'), numeric: true, render: (r) => n(r.cancelled) },
          { key: 'booked', label: t('vehicles.col.bookedHours'), numeric: true, render: (r) => n(r.bookedHours) },
          { key: 'util', label: t('vehicles.col.utilisation'), numeric: true, render: (r) => pct(r.utilisation) },
          { key: 'km', label: t('vehicles.col.kilometres'), numeric: true, render: (r) => n(r.kilometres) },
        ];
        const monthColumns: Column<EvaluationMonth>[] = [
          { key: 'month', label: t('vehicles.col.month'), render: (r) => monthLabel(r.month) },
          ...figures,
        ];
        return (
          <>
            <FiguresTable
              title={t('vehicles.perVehicle')}
              rows={data.vehicles}
              rowKey={(r) => r.vehicleId}
              actions={<DownloadButtons table={t('vehicles.perVehicle')} href={href('fahrzeuge')} />}
              columns={[
                { key: 'plate', label: t('vehicles.col.plate'), render: (r) => r.licensePlate },
                { key: 'vehicle', label: t('vehicles.col.vehicle'), render: (r) => r.vehicle },
                { key: 'location', label: t('vehicles.col.location'), render: (r) => r.location },
                ...figures,
              ]}
            />
            <FiguresTable
              title={t('vehicles.perMonth')}
              rows={data.months}
              rowKey={(r) => r.month}
              actions={<DownloadButtons table={t('vehicles.perMonth')} href={href('flotte')} />}
              columns={monthColumns}
            />
            <VehicleMonthsTable query={query} vehicles={data.vehicles} columns={monthColumns} download={href('monate')} />
            <FiguresTable
              title={t('vehicles.departments')}
              rows={data.departments}
              rowKey={(r) => r.department ?? ''}
              actions={<DownloadButtons table={t('vehicles.departments')} href={href('abteilungen')} />}
              columns={[
                { key: 'dep', label: t('vehicles.col.department'), render: (r) => r.department ?? t('noDepartment') },
                { key: 'bookings', label: t('vehicles.col.bookings'), numeric: true, render: (r) => n(r.bookings) },
                { key: 'trips', label: t('vehicles.col.trips'), numeric: true, render: (r) => n(r.trips) },
                { key: 'km', label: t('vehicles.col.kilometres'), numeric: true, render: (r) => n(r.kilometres) },
              ]}
            />
          </>
        );
      }}
    </EvaluationFrame>
  );
}
