import { optionalText } from '@web/lib/search-params';

/**
 * Search params of both screens: von, bis (YYYY-MM-DD) and standort. Only
 * their presence is checked here: route options stay in the first-screen
 * bundle, so the day rules live in query.ts, which only the screens load.
 */
export function evaluationRouteSearch(search: Record<string, unknown>): { von?: string; bis?: string; standort?: string } {
  const von = optionalText(search.von);
  const bis = optionalText(search.bis);
  const standort = optionalText(search.standort);
  return { ...(von ? { von } : {}), ...(bis ? { bis } : {}), ...(standort ? { standort } : {}) };
}
