import type { SeriesRequest, SeriesResponse } from '@contracts/reading-rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { readingRoomKeys } from './keys';

type SeriesBody = Partial<SeriesRequest> & Pick<SeriesRequest, 'objectId' | 'rule'>;

/** POST /api/reading-room-series/preview: which days can be booked and why not; saves nothing. */
export function useSeriesPreview() {
  return useMutation({ mutationFn: (body: SeriesBody) => api.post<SeriesResponse>('/api/reading-room-series/preview', body) });
}

/** POST /api/reading-room-series: books every bookable day in one request; refreshes maps and the sidebar. */
export function useSaveSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SeriesBody) => api.post<SeriesResponse>('/api/reading-room-series', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readingRoomKeys.all }),
  });
}

/** POST /api/reading-room-bookings/:id/cancel-series: this one, this and all following, or the whole series. */
export function useCancelSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scope }: { id: string; scope: 'eine' | 'folgende' | 'alle' }) =>
      api.post<{ cancelled: number }>(`/api/reading-room-bookings/${id}/cancel-series`, { scope }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readingRoomKeys.all }),
  });
}
