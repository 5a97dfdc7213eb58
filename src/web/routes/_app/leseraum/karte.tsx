import { createFileRoute } from '@tanstack/react-router';
import { AreaViewPage } from '@web/features/reading-rooms/components/area-view-page';
import { readingRoomSearch } from '@web/features/reading-rooms/search';
import { loadAreaView, redirectToRequestedView } from '@web/features/reading-rooms/view-redirect';

/** SPEC §2: /leseraum/karte (reading-room sidebar layout). View, filter, booking mode, time of day and date are typed search params. */
export const Route = createFileRoute('/_app/leseraum/karte')({
  validateSearch: readingRoomSearch,
  beforeLoad: redirectToRequestedView('leseraum', 'karte'),
  loaderDeps: ({ search }) => ({ search }),
  loader: loadAreaView('leseraum'),
  component: () => <AreaViewPage area="leseraum" view="karte" search={Route.useSearch()} />,
});
