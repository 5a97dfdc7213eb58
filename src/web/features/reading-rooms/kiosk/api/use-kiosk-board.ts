import type { KioskBoardResponse } from '@contracts/reading-rooms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { useEffect } from 'react';

const key = (token: string) => ['kiosk', token] as const;

/**
 * GET /api/kiosk/:token, kept live without a user session: the kiosk's own
 * SSE stream (ids only) refetches on every booking change, a timer at each
 * booking start/end (+1 ms / −1 ms) and once a minute for "now".
 */
export function useKioskBoard(token: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key(token),
    queryFn: ({ signal }) => api.get<KioskBoardResponse>(`/api/kiosk/${encodeURIComponent(token)}`, { signal, redirectOn401: false }),
    refetchInterval: 60_000,
    retry: (n, e) => n < 3 && !(e instanceof Error && 'status' in e && (e as { status: number }).status === 404),
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/kiosk/${encodeURIComponent(token)}/events`);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: key(token) });
    source.addEventListener('seat-booking', refresh);
    source.addEventListener('opening-hours', refresh);
    return () => source.close();
  }, [token, queryClient]);

  const refreshAt = query.data?.refreshAt;
  useEffect(() => {
    const next = (refreshAt ?? []).map((s) => Date.parse(s)).find((t) => t > Date.now());
    if (next === undefined) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: key(token) }), Math.min(next - Date.now(), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [refreshAt, token, queryClient]);

  return query;
}
