import { createFileRoute } from '@tanstack/react-router';
import { AreaViewPage } from '@web/features/reading-rooms/components/area-view-page';
import { readingRoomSearch } from '@web/features/reading-rooms/search';
import { loadAreaView, redirectToRequestedView } from '@web/features/reading-rooms/view-redirect';
import { guardPage } from '@web/lib/route-guard';

/** docs/product.md#screens: /leseraum/karte (reading-room sidebar layout). View, filter, booking mode, time of day and date are typed search params (docs/product.md#navigation). */
export const Route = createFileRoute('/_app/leseraum/karte')({
  validateSearch: readingRoomSearch,
  beforeLoad: (opts) => {
    guardPage(opts.context.me, opts.location.pathname);
    redirectToRequestedView('leseraum', 'karte')(opts);
  },
  loaderDeps: ({ search }) => ({ search }),
  loader: loadAreaView('leseraum'),
  component: () => <AreaViewPage area="leseraum" view="karte" search={Route.useSearch()} />,
});
