import { formatDate, formatTime } from '../../../../domain/time';

/** "23.11.2026 10:00–12:00" or "23.11.2026 10:00 – 24.11.2026 09:00" (Europe/Berlin). */
export function formatPeriod(von: string | Date, bis: string | Date): string {
  const sameDay = formatDate(von) === formatDate(bis) || (formatTime(bis) === '00:00' && new Date(bis).getTime() - new Date(von).getTime() <= 86_400_000);
  return sameDay
    ? `${formatDate(von)} ${formatTime(von)}–${formatTime(bis) === '00:00' ? '24:00' : formatTime(bis)}`
    : `${formatDate(von)} ${formatTime(von)} – ${formatDate(bis)} ${formatTime(bis)}`;
}

export const vehicleName = (v: { brand: string; model: string }) => `${v.brand} ${v.model}`;
