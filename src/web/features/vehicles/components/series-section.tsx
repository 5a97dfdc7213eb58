import { DatePickerInput } from '@mantine/dates';
import { RepeatSection } from '@web/components/repeat-section';
import { useTranslation } from 'react-i18next';
import { useSaveVehicleSeries, useVehicleSeriesPreview, type VehicleSeriesBody } from '../api/use-vehicle-series';

interface Props {
  vehicleId: string;
  /** First day of the series (the dialog's date). */
  date: string;
  fromTime: string | null;
  toTime: string | null;
  /** Driver and trip details as the dialog has them; every date is booked with them. */
  extra: Omit<VehicleSeriesBody, 'vehicleId' | 'fromTime' | 'toTime' | 'rule'>;
  onDone: () => void;
}

/**
 * Booking the vehicle as a series (decision 115) through the shared
 * „Wiederholen“ section: the dialog's start and end on every date, ending
 * after a number of dates or on a day.
 */
export function VehicleSeriesSection({ vehicleId, date, fromTime, toTime, extra, onDone }: Props) {
  const { t } = useTranslation('vehicles');
  const translate = (key: string, options?: Record<string, unknown>) => (t as unknown as (k: string, o?: object) => string)(key, options);
  const preview = useVehicleSeriesPreview();
  const save = useSaveVehicleSeries();
  return (
    <RepeatSection<VehicleSeriesBody>
      t={translate}
      date={date}
      toBody={(rule) =>
        fromTime && toTime ? { vehicleId, fromTime, toTime: toTime === '24:00' ? '23:59' : toTime, rule, ...extra } : null
      }
      hint={!fromTime || !toTime ? translate('series.pickTime') : null}
      preview={preview}
      save={save}
      renderUntil={(field) => (
        <DatePickerInput
          label={field.label}
          valueFormat="DD.MM.YYYY"
          minDate={field.minDate}
          value={field.value}
          onChange={field.onChange}
        />
      )}
      testIdPrefix="vehicle-series"
      onDone={onDone}
    />
  );
}
