import type { EvaluationQuery } from '@contracts/evaluation';
import { isIsoDay } from '@domain/time';
import { defaultPeriod } from './period';

/** The screen's query from the search params; a missing or malformed day falls back to the last 30 days. */
export function queryOf(search: { von?: string; bis?: string; standort?: string }): EvaluationQuery {
  const fallback = defaultPeriod();
  const from = search.von && isIsoDay(search.von) ? search.von : fallback.from;
  const to = search.bis && isIsoDay(search.bis) ? search.bis : fallback.to;
  return { from, to, ...(search.standort ? { locationId: search.standort } : {}) };
}

export function searchOf(query: EvaluationQuery): { von: string; bis: string; standort?: string } {
  return { von: query.from, bis: query.to, ...(query.locationId ? { standort: query.locationId } : {}) };
}
