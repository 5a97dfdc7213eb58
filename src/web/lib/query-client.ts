import { QueryClient } from '@tanstack/react-query';
import { isApiError, NETWORK_ERROR_STATUS } from './api-client';

const MAX_RETRIES = 3; // docs/product.md#app-start-and-new-versions

/** Retry only what a retry can fix: no answer at all, or a gateway that was briefly away. Never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return false;
  return error.status === NETWORK_ERROR_STATUS || error.status === 502 || error.status === 503 || error.status === 504;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
