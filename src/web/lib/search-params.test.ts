import { describe, expect, it } from 'vitest';
import { optionalEnum, optionalText, ssoSearch, tokenSearch } from './search-params';

describe('search params', () => {
  it('keeps a text token and turns a number the router parsed back into text', () => {
    expect(tokenSearch({ token: 'abc-123' })).toEqual({ token: 'abc-123' });
    expect(tokenSearch({ token: 1234567890 })).toEqual({ token: '1234567890' });
  });

  it('drops a missing or unusable token instead of failing the route', () => {
    expect(tokenSearch({})).toEqual({});
    expect(tokenSearch({ token: { nested: true } })).toEqual({});
    expect(optionalText(null)).toBeUndefined();
  });

  it('accepts only the listed values of an enum', () => {
    expect(optionalEnum(['asc', 'desc'] as const, 'desc')).toBe('desc');
    expect(optionalEnum(['asc', 'desc'] as const, 'DESC')).toBeUndefined();
    expect(optionalEnum(['asc', 'desc'] as const, 1)).toBeUndefined();
  });

  it('keeps only the known single-sign-on outcomes on /login', () => {
    expect(ssoSearch({ sso: 'abgelehnt' })).toEqual({ sso: 'abgelehnt' });
    expect(ssoSearch({ sso: 'nicht-erreichbar' })).toEqual({ sso: 'nicht-erreichbar' });
    expect(ssoSearch({ sso: 'irgendwas' })).toEqual({});
  });
});
