import { minutesOf, timeOf } from '@domain/opening-hours';
import { formatDate, formatTime } from '@domain/time';
import { addDays, berlinDay, berlinInstant, minutesOfDay } from '@domain/vehicle-time';

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
  for (let m = minutesOf(from); m <= minutesOf(to); m += stepMinutes) out.push(timeOf(m));
  return out;
}

/** 25.11.2026 10:00–12:00, or with both dates when the period spans days. */
export function periodLabel(von: string | Date, bis: string | Date): string {
  return formatDate(von) === formatDate(bis)
    ? `${formatDate(von)} ${formatTime(von)}–${formatTime(bis)}`
    : `${formatDate(von)} ${formatTime(von)} – ${formatDate(bis)} ${formatTime(bis)}`;
}

export type PeriodWindow = {
  /** The earliest start offered (HH:mm). */
  earliest: string;
  /** The latest end offered (HH:mm). */
  latest: string;
  /** The length the period gets when the day leaves room for it. */
  minutes: number;
  /** The shortest period still worth offering today; with less room left, tomorrow is offered. */
  atLeast: number;
};

/**
 * The period a form starts with: from the next full half hour (Berlin), not
 * before `earliest`, for `minutes` but not past `latest`. When today leaves
 * less than `atLeast` minutes, the form starts tomorrow at `earliest`, so an
 * evening visitor never opens the page on a period that is already over or
 * ends before it starts.
 */
export function defaultPeriod(now: Date, w: PeriodWindow): { day: string; from: string; to: string } {
  const today = berlinDay(now);
  const nextHalf = Math.ceil((minutesOfDay(now) + 1) / 30) * 30;
  const start = Math.max(nextHalf, minutesOf(w.earliest));
  const end = Math.min(start + w.minutes, minutesOf(w.latest));
  if (end - start >= w.atLeast) return { day: today, from: timeOf(start), to: timeOf(end) };
  const first = minutesOf(w.earliest);
  return { day: addDays(today, 1), from: w.earliest, to: timeOf(Math.min(first + w.minutes, minutesOf(w.latest))) };
}
