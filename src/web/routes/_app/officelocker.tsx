import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { UserLayout } from '@web/components/layouts/user-layout';
import { OfficeLockerPage } from '@web/features/lockers/components/office-locker-page';
import { guardPage } from '@web/lib/route-guard';
import { optionalText } from '@web/lib/search-params';
import { useTranslation } from 'react-i18next';

/** docs/product.md#lockers: /officelocker (locker page; contents designed in decision 062). The day is a typed search param. */
export const Route = createFileRoute('/_app/officelocker')({
  // Only the presence is checked here (route options ship with the first screen); the page ignores a malformed day.
  validateSearch: (search: Record<string, unknown>): { tag?: string } => {
    const tag = optionalText(search.tag);
    return tag ? { tag } : {};
  },
  // Opens exactly where the menu offers it: the tenant has lockers in service (decision 201).
  beforeLoad: (opts) => guardPage(opts.context.me, opts.location.pathname),
  component: LockerRoute,
});

function LockerRoute() {
  const { t } = useTranslation('evaluation');
  useDocumentTitle(`${t('lockers.title')} · Buchbar`);
  const { tag } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UserLayout>
      <OfficeLockerPage day={tag} onDay={(day) => void navigate({ search: { tag: day }, replace: true })} />
    </UserLayout>
  );
}
