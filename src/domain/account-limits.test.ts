import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CODE_REQUEST_LIMIT, ACCOUNT_SIGN_IN_LIMIT, accountOf, assertAccountAttemptAllowed } from './account-limits';

describe('account limits', () => {
  it('let the limit’s number of attempts through and refuse the next with 429 and a sentence', () => {
    expect(() => assertAccountAttemptAllowed(ACCOUNT_SIGN_IN_LIMIT.max, ACCOUNT_SIGN_IN_LIMIT)).not.toThrow();
    expect(() => assertAccountAttemptAllowed(ACCOUNT_SIGN_IN_LIMIT.max + 1, ACCOUNT_SIGN_IN_LIMIT)).toThrow(
      expect.objectContaining({ status: 429, code: 'account_sign_in_limited', message: expect.stringMatching(/15 Minuten/) }),
    );
    expect(() => assertAccountAttemptAllowed(11, ACCOUNT_CODE_REQUEST_LIMIT)).toThrow(expect.objectContaining({ status: 429 }));
  });

  it('count an account once however its address is spelt, and tenants apart', () => {
    expect(accountOf('t1', ' Admin@Stadtwerke.TEST ')).toBe(accountOf('t1', 'admin@stadtwerke.test'));
    expect(accountOf('t1', 'a@b.test')).not.toBe(accountOf('t2', 'a@b.test'));
  });

  it('refuse exactly the hits above the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (hits) => {
        let refused = false;
        try {
          assertAccountAttemptAllowed(hits, ACCOUNT_SIGN_IN_LIMIT);
        } catch {
          refused = true;
        }
        expect(refused).toBe(hits > ACCOUNT_SIGN_IN_LIMIT.max);
      }),
    );
  });
});
