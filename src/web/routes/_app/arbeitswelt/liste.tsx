import { createFileRoute } from '@tanstack/react-router';
import { AreaViewPage } from '../../../features/reading-rooms/components/area-view-page';
import { loadAreaView, redirectToRequestedView } from '../../../features/reading-rooms/view-redirect';
import { readingRoomSearch } from '../../../features/reading-rooms/search';

/** SPEC §2: /arbeitswelt/liste (workplace sidebar layout). View, filter, booking mode, time of day and date are typed search params. */
export const Route = createFileRoute('/_app/arbeitswelt/liste')({
  validateSearch: readingRoomSearch,
  beforeLoad: redirectToRequestedView('arbeitswelt', 'liste'),
  loaderDeps: ({ search }) => ({ search }),
  loader: loadAreaView('arbeitswelt'),
  component: () => <AreaViewPage area="arbeitswelt" view="liste" search={Route.useSearch()} />,
});
