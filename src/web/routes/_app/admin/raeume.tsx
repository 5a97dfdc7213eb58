import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { OccupancyPlanTab } from '@web/features/occupancy/public';
import { RoomAdmin } from '@web/features/reading-rooms/admin/components/room-admin';
import { optionalEnum, optionalText } from '@web/lib/search-params';
import { useTranslation } from 'react-i18next';

const TABS = ['plan', 'ausstattung', 'oeffnungszeiten', 'kiosk', 'website'] as const;

function raeumeSearch(search: Record<string, unknown>): { grundriss?: string; tab?: (typeof TABS)[number] } {
  const grundriss = optionalText(search.grundriss);
  const tab = optionalEnum(TABS, search.tab);
  return { ...(grundriss ? { grundriss } : {}), ...(tab ? { tab } : {}) };
}

/** docs/product.md#screens: /admin/raeume (user layout, guarded by ausstattungs_pflege: 'no ausstattung', docs/product.md#route-guard). */
export const Route = createFileRoute('/_app/admin/raeume')({
  validateSearch: raeumeSearch,
  component: RoomsPage,
});

function RoomsPage() {
  const { t } = useTranslation('readingRooms');
  const { t: ot } = useTranslation('occupancy');
  const { grundriss, tab = 'plan' } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle(`${t('admin.title')} · Buchbar`);
  return (
    <AdminPage>
      <RoomAdmin
        planId={grundriss}
        tab={tab}
        onPlan={(id) => void navigate({ search: (s) => ({ ...s, grundriss: id }), replace: true })}
        extraTabs={[{ value: 'website', label: ot('tab'), render: (planId) => <OccupancyPlanTab planId={planId} /> }]}
        onTab={(next) =>
          void navigate({ search: (s) => ({ ...s, tab: next === 'plan' ? undefined : (next as (typeof TABS)[number]) }), replace: true })
        }
      />
    </AdminPage>
  );
}
