import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client';
import { shouldRetry } from './query-client';

describe('query retries (docs/product.md#app-start-and-new-versions: 3 retries)', () => {
  it('retries a call that got no answer up to three times', () => {
    const offline = new ApiError(NETWORK_ERROR_STATUS, 'network', 'offline');
    expect([0, 1, 2].map((n) => shouldRetry(n, offline))).toEqual([true, true, true]);
    expect(shouldRetry(3, offline)).toBe(false);
  });

  it('never retries a 4xx, nor a server error that a retry cannot fix', () => {
    for (const status of [400, 401, 403, 404, 409, 429, 500]) {
      expect(shouldRetry(0, new ApiError(status, 'x', 'x'))).toBe(false);
    }
  });

  it('retries a gateway that was briefly away', () => {
    expect(shouldRetry(0, new ApiError(503, 'x', 'x'))).toBe(true);
  });
});
