import { describe, expect, it } from 'vitest';
import { searchText } from './first-screen';

const read = (search: string, name: string) => searchText(new URL(`http://x/kiosk${search}`), name);

describe('searchText', () => {
  it('reads a search value as the router hands it to the page: parsed as JSON, then as text, a repeated one dropped', () => {
    expect(read('?token=AbC_-9', 'token')).toBe('AbC_-9');
    expect(read('?token=0012', 'token')).toBe('0012');
    expect(read('?token=1e5', 'token')).toBe('100000');
    expect(read('?token=%22quoted%22', 'token')).toBe('quoted');
    expect(read('?token=a&token=b', 'token')).toBeUndefined();
    expect(read('?token=%7B%7D', 'token')).toBeUndefined();
    expect(read('', 'token')).toBeUndefined();
  });
});
