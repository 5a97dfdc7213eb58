import type { EvaluationQuery } from '@contracts/evaluation';
import { addDays, berlinDay } from '@domain/opening-hours';

/** The last 30 days up to today (Berlin): what a manager looks at every week. */
export function defaultPeriod(now = new Date()): { from: string; to: string } {
  const today = berlinDay(now);
  return { from: addDays(today, -29), to: today };
}

export function presetPeriod(preset: 'last30' | 'thisYear' | 'lastYear', now = new Date()): { from: string; to: string } {
  const today = berlinDay(now);
  const year = Number(today.slice(0, 4));
  if (preset === 'thisYear') return { from: `${year}-01-01`, to: today };
  if (preset === 'lastYear') return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  return defaultPeriod(now);
}

export function evaluationSearch(query: EvaluationQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ from: query.from, to: query.to, ...extra });
  if (query.locationId) params.set('locationId', query.locationId);
  return params.toString();
}
