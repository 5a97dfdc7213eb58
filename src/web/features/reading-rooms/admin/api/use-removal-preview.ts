import type { RemovalPreviewDto } from '@contracts/reading-rooms';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { roomAdminKeys } from './keys';

export type RemovalSubject = { target: 'object' | 'plan'; id: string };

const path = (s: RemovalSubject) =>
  s.target === 'plan' ? `/api/admin/reading-rooms/floor-plans/${s.id}` : `/api/admin/reading-rooms/objects/${s.id}`;

/** GET …/objects/:id/removal-preview or …/floor-plans/:id/removal-preview: counted fresh whenever a dialog opens. */
export function useRemovalPreview(subject: RemovalSubject | null) {
  return useQuery({
    queryKey: roomAdminKeys.preview(subject?.target ?? 'object', subject?.id ?? ''),
    queryFn: ({ signal }) => api.get<RemovalPreviewDto>(`${path(subject!)}/removal-preview`, { signal }),
    enabled: subject !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export { path as removalPath };
