import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { optionalEnum, optionalText } from '../../../lib/search-params';
import { AdminPage } from '../../../components/admin-page';
import { UsersAdmin } from '../../../features/admin-users/components/users-admin';
import { usersQueryOptions } from '../../../features/admin-users/api/use-users';

const SORTS = ['asc', 'desc'] as const;

function usersSearch(search: Record<string, unknown>): { q?: string; sort?: (typeof SORTS)[number] } {
  const q = optionalText(search.q);
  const sort = optionalEnum(SORTS, search.sort);
  return { ...(q ? { q } : {}), ...(sort ? { sort } : {}) };
}

export const Route = createFileRoute('/_app/admin/benutzer')({
  validateSearch: usersSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(usersQueryOptions());
  },
  component: UsersPage,
});

function UsersPage() {
  const { t } = useTranslation('admin');
  const { q = '', sort = 'asc' } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle(`${t('users.title')} · Buchbar`);
  return (
    <AdminPage>
      <UsersAdmin
        query={q}
        sort={sort}
        onQueryChange={(next) => void navigate({ search: (s) => ({ ...s, q: next || undefined }), replace: true })}
        onSortChange={(next) =>
          void navigate({ search: (s) => ({ ...s, sort: next === 'asc' ? undefined : next }), replace: true })
        }
      />
    </AdminPage>
  );
}
