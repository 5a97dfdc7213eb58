import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { VehicleEvaluationView } from '@web/features/evaluation/components/vehicle-evaluation';
import { queryOf, searchOf } from '@web/features/evaluation/query';
import { evaluationRouteSearch } from '@web/features/evaluation/search';
import { CostReportSection } from '@web/features/fleet-costs/components/cost-report';
import { useTranslation } from 'react-i18next';

/** Header label Evaluation (docs/product.md#header-menu): /admin/auswertung, guarded by fahrzeug_pflege ('no fahrzeugPflege'). */
export const Route = createFileRoute('/_app/admin/auswertung')({
  validateSearch: evaluationRouteSearch,
  component: EvaluationPage,
});

function EvaluationPage() {
  const { t } = useTranslation('evaluation');
  useDocumentTitle(`${t('vehicles.title')} · Buchbar`);
  const navigate = Route.useNavigate();
  const query = queryOf(Route.useSearch());
  return (
    <AdminPage>
      <Stack gap="xl">
        <VehicleEvaluationView query={query} onQuery={(q) => void navigate({ search: searchOf(q), replace: true })} />
        <CostReportSection query={query} />
      </Stack>
    </AdminPage>
  );
}
