import type { accessOptions, departmentList, personAccessRequest, personDetailResponse, personFieldsPatch } from '@contracts/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { usersQueryKey } from './use-users';

export type PersonDetail = z.infer<typeof personDetailResponse>;
export type AccessOptions = z.infer<typeof accessOptions>;

const personKey = (id: string) => ['admin', 'person', id] as const;

/** GET /api/users/:id: fields, links and every effective permission with its provenance. */
export const usePerson = (id: string | null) =>
  useQuery({
    queryKey: personKey(id ?? ''),
    queryFn: ({ signal }) => api.get<PersonDetail>(`/api/users/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });

export const useAccessOptions = () =>
  useQuery({
    queryKey: ['admin', 'access-options'],
    queryFn: ({ signal }) => api.get<AccessOptions>('/api/admin/access-options', { signal }),
  });

export const useDepartments = () =>
  useQuery({
    queryKey: ['admin', 'departments'],
    queryFn: ({ signal }) => api.get<z.infer<typeof departmentList>>('/api/admin/departments', { signal }),
  });

/** Saves the fields (PATCH) and then the access (PUT); list and detail are fetched again. */
export function useSavePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      fields,
      access,
    }: {
      id: string;
      fields: z.input<typeof personFieldsPatch>;
      access: z.input<typeof personAccessRequest>;
    }) => {
      await api.patch(`/api/users/${encodeURIComponent(id)}`, fields);
      await api.put(`/api/users/${encodeURIComponent(id)}/access`, access);
    },
    onSuccess: (_d, v) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: personKey(v.id) }),
      ]),
  });
}

/** POST /api/users/:id/second-factor/reset: takes a lost second factor away (audited on the server). */
export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/users/${encodeURIComponent(id)}/second-factor/reset`, {}),
    onSuccess: (_d, id) => queryClient.invalidateQueries({ queryKey: personKey(id) }),
  });
}
