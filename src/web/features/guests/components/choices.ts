import { formatDate, formatTime } from '@domain/time';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';

/**
 * Day and time choices as plain selects: they work the same on every phone,
 * always show DD.MM.YYYY and HH:mm in Europe/Berlin, and need no date library.
 */
const WEEKDAY = {
  de: ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

export function dayChoices(count: number, language: string, from = berlinDay(new Date())) {
  const names = language === 'en' ? WEEKDAY.en : WEEKDAY.de;
  return Array.from({ length: count }, (_, i) => {
    const day = addDays(from, i);
    const weekday = names[new Date(`${day}T12:00:00Z`).getUTCDay()]!;
    return { value: day, label: `${weekday} ${formatDate(berlinInstant(day, '12:00'))}` };
  });
}

export function timeChoices(from = '07:00', to = '21:00', stepMinutes = 30) {
  const out: string[] = [];
  const [fh, fm] = from.split(':').map(Number);
  const [th, tm] = to.split(':').map(Number);
  for (let m = fh! * 60 + fm!; m <= th! * 60 + tm!; m += stepMinutes) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
}

/** 25.11.2026 10:00–12:00, or with both dates when the period spans days. */
export function periodLabel(von: string | Date, bis: string | Date): string {
  return formatDate(von) === formatDate(bis)
    ? `${formatDate(von)} ${formatTime(von)}–${formatTime(bis)}`
    : `${formatDate(von)} ${formatTime(von)} – ${formatDate(bis)} ${formatTime(bis)}`;
}

/** The next full half hour from now (Berlin), as HH:mm, at least `min`. */
export function nextHalfHour(min = '09:00'): string {
  const now = formatTime(new Date());
  const [h, m] = now.split(':').map(Number);
  const total = Math.ceil((h! * 60 + m! + 1) / 30) * 30;
  const t = `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return t < min || total >= 24 * 60 ? min : t;
}
