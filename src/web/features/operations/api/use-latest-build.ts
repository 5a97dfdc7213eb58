import { useQuery } from '@tanstack/react-query';

export interface LatestBuild {
  buildId: string;
  builtAt: string;
}

const POLL_MS = 60_000;

async function fetchLatestBuild(signal: AbortSignal): Promise<LatestBuild | null> {
  const response = await fetch('/builds/latest.json', { cache: 'no-store', credentials: 'same-origin', signal });
  if (!response.ok) return null;
  const body = (await response.json()) as Partial<LatestBuild>;
  return typeof body.buildId === 'string' ? { buildId: body.buildId, builtAt: String(body.builtAt ?? '') } : null;
}

/** GET /builds/latest.json every 60 s and on window focus (new-version detection, docs/product.md#app-start-and-new-versions). */
export function useLatestBuild() {
  return useQuery({
    queryKey: ['app', 'latest-build'],
    queryFn: ({ signal }) => fetchLatestBuild(signal),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    retry: false,
  });
}
