import type { PersonalDataExport } from '@contracts/privacy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

const listKey = ['data-exports'] as const;

/** GET /api/me/data-exports: the person's recent exports; polled every second while the newest still runs. */
export function useDataExports() {
  return useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => api.get<{ exports: PersonalDataExport[] }>('/api/me/data-exports', { signal }),
    refetchInterval: (q) => {
      const newest = q.state.data?.exports[0];
      return newest && (newest.status === 'wartend' || newest.status === 'laeuft') ? 1000 : false;
    },
  });
}

/** POST /api/me/data-exports: starts "Meine Daten herunterladen" in the background. */
export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PersonalDataExport>('/api/me/data-exports'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
