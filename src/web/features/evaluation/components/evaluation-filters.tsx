import type { EvaluationQuery } from '@contracts/evaluation';
import { Button, Group, Select } from '@mantine/core';
import { DeferredDatePickerInput } from '@web/components/dates/deferred-date-inputs';
import { useTranslation } from 'react-i18next';
import { presetPeriod } from '../period';

/** Period (Von/Bis, DD.MM.YYYY) and location of both evaluation screens. */
export function EvaluationFilters({
  query,
  locations,
  onChange,
}: {
  query: EvaluationQuery;
  locations: { id: string; name: string }[];
  onChange: (next: EvaluationQuery) => void;
}) {
  const { t } = useTranslation('evaluation');
  const set = (patch: Partial<EvaluationQuery>) => onChange({ ...query, ...patch });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <DeferredDatePickerInput
        label={t('filters.from')}
        value={query.from}
        valueFormat="DD.MM.YYYY"
        onChange={(v) => v && set({ from: String(v) })}
        w={150}
        data-testid="evaluation-from"
      />
      <DeferredDatePickerInput
        label={t('filters.to')}
        value={query.to}
        valueFormat="DD.MM.YYYY"
        onChange={(v) => v && set({ to: String(v) })}
        w={150}
        data-testid="evaluation-to"
      />
      <Select
        label={t('filters.location')}
        data={[{ value: '', label: t('filters.allLocations') }, ...locations.map((l) => ({ value: l.id, label: l.name }))]}
        value={query.locationId ?? ''}
        onChange={(v) => set({ locationId: v ? v : undefined })}
        allowDeselect={false}
        w={220}
      />
      <Group gap={6}>
        {(['last30', 'thisYear', 'lastYear'] as const).map((preset) => (
          <Button key={preset} variant="subtle" size="compact-sm" onClick={() => set(presetPeriod(preset))}>
            {t(`filters.${preset}`)}
          </Button>
        ))}
      </Group>
    </Group>
  );
}
