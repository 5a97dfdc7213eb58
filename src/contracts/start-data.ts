import type { DehydratedState } from '@tanstack/react-query';
import type { RentalInfo } from './guests';
import type { BootstrapResponse } from './reading-rooms';
import type { Me, TenantInfo } from './session';

/**
 * What the server writes into the app page (decision 177): the tenant of the
 * address as GET /api/tenant answers, and for a signed-in person what
 * GET /api/session/me answers. The app starts with it instead of asking first.
 * Types and a name only: the first screen must not carry the schemas.
 */
export interface StartData {
  tenant: TenantInfo;
  me?: Me;
  /** On the map and list of reading rooms or workplaces: what GET /api/reading-rooms/bootstrap answers (decision 179). */
  readingRooms?: BootstrapResponse;
  /** On /public: what GET /api/public/rental answers (decision 179). */
  rental?: RentalInfo;
  /**
   * On a page the server rendered: the query cache its render read (TanStack Query's dehydrate), so
   * the browser's first render shows the same data and hydrates the HTML without a difference (decision 207).
   */
  queries?: DehydratedState;
}

/** The id of the page element that carries the StartData. */
export const START_DATA_ELEMENT_ID = 'buchbar-start';
