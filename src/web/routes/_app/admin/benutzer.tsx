import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '@web/components/admin-page';
import { usersQueryOptions } from '@web/features/people/api/use-users';
import { UsersAdmin } from '@web/features/people/components/users-admin';
import { optionalEnum, optionalText } from '@web/lib/search-params';
import { useTranslation } from 'react-i18next';

const SORTS = ['asc', 'desc'] as const;

function usersSearch(search: Record<string, unknown>): { q?: string; sort?: (typeof SORTS)[number]; seite?: number } {
  const q = optionalText(search.q);
  const sort = optionalEnum(SORTS, search.sort);
  const seite = Number(search.seite);
  return { ...(q ? { q } : {}), ...(sort ? { sort } : {}), ...(Number.isInteger(seite) && seite > 1 ? { seite } : {}) };
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
  const { q = '', sort = 'asc', seite = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle(`${t('users.title')} · Buchbar`);
  return (
    <AdminPage>
      <UsersAdmin
        query={q}
        sort={sort}
        page={seite}
        onQueryChange={(next) => void navigate({ search: (s) => ({ ...s, q: next || undefined, seite: undefined }), replace: true })}
        onSortChange={(next) =>
          void navigate({ search: (s) => ({ ...s, sort: next === 'asc' ? undefined : next, seite: undefined }), replace: true })
        }
        onPageChange={(next) => void navigate({ search: (s) => ({ ...s, seite: next > 1 ? next : undefined }) })}
      />
    </AdminPage>
  );
}
