import type { Area, BootstrapResponse } from '@contracts/reading-rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { readingRoomKeys } from './keys';

type Favourites = BootstrapResponse['favourites'];

/** PUT /api/reading-rooms/favourites; updates the start-up data at once (optimistic). */
export function useSaveFavourites(area: Area) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Favourites) => api.put<Favourites>('/api/reading-rooms/favourites', body),
    onMutate: (body) => {
      queryClient.setQueryData<BootstrapResponse>(readingRoomKeys.bootstrap(area), (b) => (b ? { ...b, favourites: body } : b));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: readingRoomKeys.all }),
  });
}
