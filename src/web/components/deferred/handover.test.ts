import { describe, expect, it } from 'vitest';
import { focusIsFree } from './handover';

describe('focusIsFree', () => {
  const body = { id: 'body' } as unknown as HTMLElement;
  it('is free when the focus fell to the body or nowhere (the stand-in was removed)', () => {
    expect(focusIsFree({ activeElement: body, body })).toBe(true);
    expect(focusIsFree({ activeElement: null, body })).toBe(true);
  });
  it('is taken when the person has moved the focus to another element', () => {
    expect(focusIsFree({ activeElement: { id: 'weiter' } as unknown as Element, body })).toBe(false);
  });
});
