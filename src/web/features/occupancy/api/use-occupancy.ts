import type { OccupancyEmbeddingDto, OccupancyPlansResponse } from '@contracts/occupancy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

const plansKey = ['occupancy', 'floor-plans'];
const embeddingKey = ['occupancy', 'embedding'];

/** GET /api/admin/occupancy/floor-plans and PUT …/:id (switch a plan's page on or off). */
export function useOccupancyPlans() {
  const qc = useQueryClient();
  return {
    list: useQuery({
      queryKey: plansKey,
      queryFn: ({ signal }) => api.get<OccupancyPlansResponse>('/api/admin/occupancy/floor-plans', { signal }),
    }),
    toggle: useMutation({
      mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
        api.put<OccupancyPlansResponse>(`/api/admin/occupancy/floor-plans/${id}`, { enabled }),
      onSuccess: (data) => qc.setQueryData(plansKey, data),
    }),
  };
}

/** GET and PUT /api/admin/occupancy/embedding (the tenant's websites and colour). */
export function useOccupancyEmbedding() {
  const qc = useQueryClient();
  return {
    value: useQuery({
      queryKey: embeddingKey,
      queryFn: ({ signal }) => api.get<OccupancyEmbeddingDto>('/api/admin/occupancy/embedding', { signal }),
    }),
    save: useMutation({
      mutationFn: (body: OccupancyEmbeddingDto) => api.put<OccupancyEmbeddingDto>('/api/admin/occupancy/embedding', body),
      onSuccess: (data) => qc.setQueryData(embeddingKey, data),
    }),
  };
}
