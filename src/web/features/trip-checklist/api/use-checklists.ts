import type { checklistList } from '@contracts/trip-checklist';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { tripChecklistKeys } from './keys';

export type ChecklistList = z.infer<typeof checklistList>;

/** GET /api/trip-checklists: the fleet's checklists and the categories of its vehicles (fahrzeug_pflege). */
export function useChecklists() {
  return useQuery({
    queryKey: tripChecklistKeys.list,
    queryFn: ({ signal }) => api.get<ChecklistList>('/api/trip-checklists', { signal }),
  });
}
