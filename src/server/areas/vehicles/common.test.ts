import { AppError } from '@domain/errors';
import { describe, expect, it } from 'vitest';
import { mapOverlap, sqlState } from './common';

describe('exclusion-constraint mapping', () => {
  it('finds the SQLSTATE on the error or on the cause drizzle wraps it in, and maps 23P01 to 409 with the catalogue message', () => {
    expect(sqlState({ code: '23P01' })).toBe('23P01');
    expect(sqlState(Object.assign(new Error('Failed query'), { cause: { code: '23P01' } }))).toBe('23P01');
    let mapped: unknown;
    try {
      mapOverlap(Object.assign(new Error('Failed query'), { cause: { code: '23P01' } }));
    } catch (e) {
      mapped = e;
    }
    expect(mapped).toBeInstanceOf(AppError);
    expect((mapped as AppError).status).toBe(409);
    expect((mapped as AppError).message).toBe('Fahrzeug ist bereits zum Zeitraum bereits gebucht!');
    const other = Object.assign(new Error('x'), { cause: { code: '23505' } });
    expect(() => mapOverlap(other)).toThrow(other);
  });
});
