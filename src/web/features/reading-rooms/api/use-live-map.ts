import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readingRoomKeys } from './keys';

/**
 * Live map: server-sent events of bookings and opening hours (ids only) refresh
 * the maps and the sidebar; besides, the map refreshes itself 1 ms after a
 * booking starts and 1 ms before it ends (docs/product.md#map-and-list), from the map's refreshAt list.
 */
export function useLiveMap(refreshAt: readonly string[] | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events?topics=seat-booking,opening-hours');
    const refresh = () => void queryClient.invalidateQueries({ queryKey: readingRoomKeys.all });
    source.addEventListener('seat-booking', refresh);
    source.addEventListener('opening-hours', refresh);
    return () => source.close();
  }, [queryClient]);

  useEffect(() => {
    const next = (refreshAt ?? []).map((s) => Date.parse(s)).find((t) => t > Date.now());
    if (next === undefined) return;
    // setTimeout cannot wait longer than ~24.8 days; a map is never open that long without another refresh.
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: readingRoomKeys.maps }),
      Math.min(next - Date.now(), 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [refreshAt, queryClient]);
}
