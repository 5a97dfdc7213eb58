import { describe, expect, it } from 'vitest';
import { selectLabel } from './deferred-select';

describe('selectLabel', () => {
  it('finds the label of the value in plain, object and grouped data', () => {
    expect(selectLabel(['a', 'b'], 'b')).toBe('b');
    expect(selectLabel([{ value: 'x', label: 'Lesesaal Erdgeschoss' }], 'x')).toBe('Lesesaal Erdgeschoss');
    expect(selectLabel([{ group: 'Standorte', items: [{ value: 'n', label: 'Betriebshof Nord' }] }], 'n')).toBe('Betriebshof Nord');
  });
  it('is empty without a value or for an unknown one', () => {
    expect(selectLabel([{ value: 'x', label: 'X' }], null)).toBe('');
    expect(selectLabel([{ value: 'x', label: 'X' }], undefined)).toBe('');
    expect(selectLabel([{ value: 'x', label: 'X' }], 'y')).toBe('');
    expect(selectLabel(undefined, 'x')).toBe('');
  });
});
