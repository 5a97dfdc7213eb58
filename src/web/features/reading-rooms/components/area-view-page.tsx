import { redirect, useNavigate } from '@tanstack/react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Area } from '../../../../contracts/reading-rooms';
import { ReadingRoomSidebarLayout } from '../../../components/layouts/reading-room-sidebar-layout';
import { WorkplaceSidebarLayout } from '../../../components/layouts/workplace-sidebar-layout';
import type { Ansicht, ReadingRoomSearch } from '../search';
import { BookingSidebar } from './booking-sidebar';
import { ReadingRoomPage } from './reading-room-page';

/** /leseraum/karte, /leseraum/liste, /arbeitswelt/karte, /arbeitswelt/liste: one engine, the path says area and view. */
const pathOf = (area: Area, view: Ansicht) => `/${area}/${view}` as '/leseraum/karte';

/** A link with ?ansicht=… lands on the route of that view (SPEC §2 view mode as a search parameter). */
export function redirectToRequestedView(area: Area, view: Ansicht) {
  return ({ search }: { search: ReadingRoomSearch }) => {
    if (search.ansicht && search.ansicht !== view) throw redirect({ to: pathOf(area, search.ansicht), search: { ...search, ansicht: undefined }, replace: true });
  };
}

export function AreaViewPage({ area, view, search }: { area: Area; view: Ansicht; search: ReadingRoomSearch }) {
  const { t } = useTranslation('readingRooms');
  const navigate = useNavigate();
  useDocumentTitle(`${t(`title.${area}`)} · Buchbar`);
  const onSearch = (patch: Partial<ReadingRoomSearch>) =>
    void navigate({ to: pathOf(area, view), search: (s: ReadingRoomSearch) => ({ ...s, ...patch, ansicht: undefined }), replace: true });
  const onView = (next: Ansicht) => void navigate({ to: pathOf(area, next), search: (s: ReadingRoomSearch) => ({ ...s, ansicht: undefined }) });
  const Layout = area === 'arbeitswelt' ? WorkplaceSidebarLayout : ReadingRoomSidebarLayout;
  return (
    <Layout sidebar={<BookingSidebar area={area} />}>
      <ReadingRoomPage area={area} view={view} search={search} onSearch={onSearch} onView={onView} />
    </Layout>
  );
}
