import type { ChecklistDto, ChecklistRequest } from '@contracts/trip-checklist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { tripChecklistKeys } from './keys';

/** POST /api/trip-checklists, or PUT …/:id with an id (fleet). */
export function useSaveChecklist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ChecklistRequest }) =>
      id
        ? api.put<{ checklist: ChecklistDto }>(`/api/trip-checklists/${id}`, body)
        : api.post<{ checklist: ChecklistDto }>('/api/trip-checklists', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: tripChecklistKeys.all }),
  });
}

/** DELETE /api/trip-checklists/:id: out of use, its answers stay (fleet). */
export function useRemoveChecklist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ removed: true }>(`/api/trip-checklists/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: tripChecklistKeys.all }),
  });
}
