import type { Area } from '@contracts/reading-rooms';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { bootstrapQueryOptions } from './api/use-bootstrap';
import { floorPlanMapQueryOptions } from './api/use-floor-plan-map';
import { mapParamsOf } from './map-params';
import type { Ansicht, ReadingRoomSearch } from './search';

/**
 * Route-level helpers of /leseraum/* and /arbeitswelt/*. They run in the
 * route definitions (beforeLoad), which ship with the first screen; kept apart
 * from the page components so the route tree does not pull the screens in
 * (decision 006, docs/product.md#performance-budgets).
 */

/** /leseraum/karte, /leseraum/liste, /arbeitswelt/karte, /arbeitswelt/liste: one engine, the path says area and view. */
export const areaViewPath = (area: Area, view: Ansicht) => `/${area}/${view}` as '/leseraum/karte';

/** A link with ?ansicht=… lands on the route of that view (the view as a search parameter, docs/product.md#navigation). */
export function redirectToRequestedView(area: Area, view: Ansicht) {
  return ({ search }: { search: ReadingRoomSearch }) => {
    if (search.ansicht && search.ansicht !== view)
      throw redirect({ to: areaViewPath(area, search.ansicht), search: { ...search, ansicht: undefined }, replace: true });
  };
}

/**
 * Route loader: start-up data, the map of the shown plan, its image and the
 * texts load while the page's code loads, not one after the other once it
 * renders (docs/product.md#performance-budgets: largest contentful paint).
 */
export function loadAreaView(area: Area) {
  return ({ context, deps }: { context: { queryClient: QueryClient; i18n: I18n }; deps: { search: ReadingRoomSearch } }) => {
    void context.queryClient.ensureQueryData(bootstrapQueryOptions(area)).then(
      (boot) => {
        const params = mapParamsOf(boot, deps.search);
        if (!params) return;
        void context.queryClient.prefetchQuery(floorPlanMapQueryOptions(params));
        const image = boot.floorPlans.find((p) => p.id === params.planId)?.imageUrl;
        // the server names the image in the page itself (server/http/first-screen.ts)
        if (image && typeof Image !== 'undefined') new Image().src = image;
      },
      () => {},
    );
    return context.i18n.loadNamespaces('readingRooms');
  };
}
