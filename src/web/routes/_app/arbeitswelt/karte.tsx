import { createFileRoute } from '@tanstack/react-router';
import { AreaViewPage } from '../../../features/reading-rooms/components/area-view-page';
import { loadAreaView, redirectToRequestedView } from '../../../features/reading-rooms/view-redirect';
import { readingRoomSearch } from '../../../features/reading-rooms/search';

/** SPEC §2: /arbeitswelt/karte (workplace sidebar layout). View, filter, booking mode, time of day and date are typed search params. */
export const Route = createFileRoute('/_app/arbeitswelt/karte')({
  validateSearch: readingRoomSearch,
  beforeLoad: redirectToRequestedView('arbeitswelt', 'karte'),
  loaderDeps: ({ search }) => ({ search }),
  loader: loadAreaView('arbeitswelt'),
  component: () => <AreaViewPage area="arbeitswelt" view="karte" search={Route.useSearch()} />,
});
