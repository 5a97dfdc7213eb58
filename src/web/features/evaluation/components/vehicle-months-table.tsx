import type { EvaluationMonth, EvaluationQuery, VehicleEvaluation } from '@contracts/evaluation';
import { Group, Loader, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVehicleMonths } from '../api/use-vehicle-months';
import { DownloadButtons } from './download-buttons';
import { type Column, FiguresTable } from './figures-table';

/**
 * The months of the vehicle the person picks (the first of the list at
 * first). A year of a whole fleet is thousands of vehicle-month rows: they
 * are offered complete as the download, not as one endless table.
 */
export function VehicleMonthsTable({
  query,
  vehicles,
  columns,
  download,
}: {
  query: EvaluationQuery;
  vehicles: VehicleEvaluation['vehicles'];
  columns: Column<EvaluationMonth>[];
  download: (format: 'csv' | 'xlsx') => string;
}) {
  const { t } = useTranslation('evaluation');
  const [picked, setPicked] = useState<string | null>(null);
  const vehicleId = vehicles.some((v) => v.vehicleId === picked) ? picked : (vehicles[0]?.vehicleId ?? null);
  const months = useVehicleMonths(query, vehicleId);
  const shown = months.data?.months ?? [];
  return (
    <FiguresTable
      title={t('vehicles.vehicleMonths')}
      rows={shown}
      rowKey={(r) => r.month}
      columns={columns}
      loading={vehicleId !== null && shown.length === 0 && !months.error}
      actions={
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            size="xs"
            label={t('vehicles.pickVehicle')}
            value={vehicleId ?? ''}
            onChange={(e) => setPicked(e.currentTarget.value)}
            data={vehicles.map((v) => ({ value: v.vehicleId, label: `${v.licensePlate} · ${v.vehicle}` }))}
            disabled={vehicles.length === 0}
          />
          {months.isFetching && <Loader size="xs" aria-label={t('loading')} />}
          <DownloadButtons table={t('vehicles.vehicleMonthsAll')} href={download} />
        </Group>
      }
      footer={
        <Text size="xs" c="dimmed" mt="xs">
          {t('vehicles.vehicleMonthsDownload')}
        </Text>
      }
    />
  );
}
