import type { BookingMode } from '@contracts/reading-rooms';
import { RepeatSection } from '@web/components/repeat-section';
import { useSaveSeries, useSeriesPreview } from '../api/use-series';
import { useRT } from '../use-rt';

interface SeriesSectionProps {
  objectId: string;
  date: string;
  mode: BookingMode;
  von?: string;
  bis?: string;
  groupSize: number;
  onDone: () => void;
}

/** Booking the opened seat or desk as a series (decision 091) through the shared „Wiederholen“ section, with the dialog's period on every date. */
export function SeriesSection({ objectId, date, mode, von, bis, groupSize, onDone }: SeriesSectionProps) {
  const rt = useRT();
  const preview = useSeriesPreview();
  const save = useSaveSeries();
  return (
    <RepeatSection
      t={rt}
      date={date}
      toBody={(rule) => ({ objectId, mode, ...(mode === 'stuendlich' ? { von, bis } : {}), groupSize, rule })}
      preview={preview}
      save={save}
      testIdPrefix="series"
      onDone={onDone}
    />
  );
}
