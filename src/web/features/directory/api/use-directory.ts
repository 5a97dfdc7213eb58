import type { directoryData, directorySave, directorySyncSummary } from '@contracts/directory';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@web/lib/api-client';
import type { z } from 'zod';

export type DirectoryData = z.infer<typeof directoryData>;
export type DirectoryInput = z.input<typeof directorySave>;
export type DirectorySyncSummary = z.infer<typeof directorySyncSummary>;

const key = ['admin', 'tenant', 'directory'] as const;
const path = '/api/admin/tenant/directory';

/** GET /api/admin/tenant/directory: the LDAP / Active Directory settings without the bind password (decision 223). */
export const directoryQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => api.get<DirectoryData>(path, { signal }) });

export const useDirectory = () => useQuery(directoryQueryOptions());

export function useDirectoryMutations() {
  const queryClient = useQueryClient();
  const stored = { onSuccess: (data: DirectoryData) => queryClient.setQueryData(key, data) };
  return {
    save: useMutation({ mutationFn: (body: DirectoryInput) => api.put<DirectoryData>(path, body), ...stored }),
    remove: useMutation({ mutationFn: () => request<DirectoryData>('DELETE', path), ...stored }),
    // A sync changes people and memberships and its own last-run line: read the settings again afterwards.
    sync: useMutation({
      mutationFn: () => api.post<DirectorySyncSummary>(`${path}/sync`, {}),
      onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    }),
  };
}
