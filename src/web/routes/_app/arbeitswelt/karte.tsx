import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { WorkplaceSidebarLayout } from '../../../components/layouts/workplace-sidebar-layout';
import { BookingSidebar } from '../../../features/reading-rooms/components/booking-sidebar';
import { ReadingRoomPage } from '../../../features/reading-rooms/components/reading-room-page';
import { readingRoomSearch, type Ansicht, type ReadingRoomSearch } from '../../../features/reading-rooms/search';

/** SPEC §2: /arbeitswelt/karte (workplace sidebar layout). View, filter, booking mode, time of day and date are typed search params. */
export const Route = createFileRoute('/_app/arbeitswelt/karte')({
  validateSearch: readingRoomSearch,
  beforeLoad: ({ search }) => {
    if (search.ansicht && search.ansicht !== 'karte') throw redirect({ to: '/arbeitswelt/liste', search: { ...search, ansicht: undefined }, replace: true });
  },
  component: Page,
});

function Page() {
  const { t } = useTranslation('readingRooms');
  const search = Route.useSearch();
  const navigate = useNavigate();
  useDocumentTitle(`${t('title.arbeitswelt')} · Buchbar`);
  const onSearch = (patch: Partial<ReadingRoomSearch>) =>
    void navigate({ to: '/arbeitswelt/karte', search: (s: ReadingRoomSearch) => ({ ...s, ...patch, ansicht: undefined }), replace: true });
  const onView = (view: Ansicht) => void navigate({ to: view === 'liste' ? '/arbeitswelt/liste' : '/arbeitswelt/karte', search: (s: ReadingRoomSearch) => ({ ...s, ansicht: undefined }) });
  return (
    <WorkplaceSidebarLayout sidebar={<BookingSidebar area="arbeitswelt" />}>
      <ReadingRoomPage area="arbeitswelt" view="karte" search={search} onSearch={onSearch} onView={onView} />
    </WorkplaceSidebarLayout>
  );
}
