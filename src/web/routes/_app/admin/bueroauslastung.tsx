import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { OfficeUtilisation } from '@web/features/evaluation/components/office-utilisation';
import { queryOf, searchOf } from '@web/features/evaluation/query';
import { evaluationRouteSearch } from '@web/features/evaluation/search';
import { useTranslation } from 'react-i18next';

/** Header label Office utilisation (docs/product.md#header-menu): /admin/bueroauslastung, guarded by ausstattungs_pflege or objekt_pflege ('no ausstattung'). */
export const Route = createFileRoute('/_app/admin/bueroauslastung')({
  validateSearch: evaluationRouteSearch,
  component: OfficePage,
});

function OfficePage() {
  const { t } = useTranslation('evaluation');
  useDocumentTitle(`${t('office.title')} · Buchbar`);
  const navigate = Route.useNavigate();
  return (
    <AdminPage>
      <OfficeUtilisation query={queryOf(Route.useSearch())} onQuery={(q) => void navigate({ search: searchOf(q), replace: true })} />
    </AdminPage>
  );
}
