import { optionalEnum } from '@web/lib/search-params';

/**
 * The tabs of the vehicle detail (?tab=). Its own module: the route's search
 * validator is part of the first screen of every address, the detail page is not.
 */
export const DETAIL_TABS = ['stammdaten', 'fahrtenbuch', 'serviceheft', 'schaeden', 'kosten', 'verlauf', 'kontrollen'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** A missing or unknown tab opens the master data. */
export function detailSearch(search: Record<string, unknown>): { tab: DetailTab } {
  return { tab: optionalEnum(DETAIL_TABS, search.tab) ?? 'stammdaten' };
}
