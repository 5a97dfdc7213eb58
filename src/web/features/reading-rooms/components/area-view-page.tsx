import type { Area } from '@contracts/reading-rooms';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { ReadingRoomSidebarLayout } from '@web/components/layouts/reading-room-sidebar-layout';
import { WorkplaceSidebarLayout } from '@web/components/layouts/workplace-sidebar-layout';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ansicht, ReadingRoomSearch } from '../search';
import { areaViewPath as pathOf } from '../view-redirect';
import { ReadingRoomPage } from './reading-room-page';

// The sidebar sits in the burger menu on phones: its code loads when it is shown (docs/product.md#performance-budgets).
const BookingSidebar = lazy(() => import('./booking-sidebar').then((m) => ({ default: m.BookingSidebar })));

export function AreaViewPage({ area, view, search }: { area: Area; view: Ansicht; search: ReadingRoomSearch }) {
  const { t } = useTranslation('readingRooms');
  const navigate = useNavigate();
  useDocumentTitle(`${t(`title.${area}`)} · Buchbar`);
  const onSearch = (patch: Partial<ReadingRoomSearch>) =>
    void navigate({ to: pathOf(area, view), search: (s: ReadingRoomSearch) => ({ ...s, ...patch, ansicht: undefined }), replace: true });
  const onView = (next: Ansicht) =>
    void navigate({ to: pathOf(area, next), search: (s: ReadingRoomSearch) => ({ ...s, ansicht: undefined }) });
  const Layout = area === 'arbeitswelt' ? WorkplaceSidebarLayout : ReadingRoomSidebarLayout;
  return (
    <Layout
      sidebar={
        <Suspense fallback={null}>
          <BookingSidebar area={area} search={search} onSearch={onSearch} />
        </Suspense>
      }
    >
      <ReadingRoomPage area={area} view={view} search={search} onSearch={onSearch} onView={onView} />
    </Layout>
  );
}
