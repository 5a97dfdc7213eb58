import { describe, expect, it } from 'vitest';
import { attributeText, formatPeriod, vehicleName } from './format';

const choices = [
  { key: 'a', text: 'Anhängerkupplung' },
  { key: 'w', text: 'Winterreifen' },
];

describe('attributeText', () => {
  it('shows Ja/Nein for check boxes', () => {
    expect(attributeText({ type: 'CHECKBOX', choices: [] }, 'true', 'Ja', 'Nein')).toBe('Ja');
    expect(attributeText({ type: 'CHECKBOX', choices: [] }, 'false', 'Ja', 'Nein')).toBe('Nein');
  });
  it('shows the text of a choice, or the stored key when the choice is gone', () => {
    expect(attributeText({ type: 'DROPDOWN', choices }, 'w', 'Ja', 'Nein')).toBe('Winterreifen');
    expect(attributeText({ type: 'RADIOS', choices }, 'a', 'Ja', 'Nein')).toBe('Anhängerkupplung');
    expect(attributeText({ type: 'RADIOS', choices }, 'x', 'Ja', 'Nein')).toBe('x');
  });
  it('shows text and numbers as stored, nothing for no value', () => {
    expect(attributeText({ type: 'NUMBER', choices: [] }, '42', 'Ja', 'Nein')).toBe('42');
    expect(attributeText({ type: 'TEXT', choices: [] }, undefined, 'Ja', 'Nein')).toBe('');
    expect(attributeText({ type: 'TEXT', choices: [] }, '', 'Ja', 'Nein')).toBe('');
  });
});

describe('formatPeriod / vehicleName', () => {
  it('writes one day with times, several days with dates (Europe/Berlin)', () => {
    expect(formatPeriod('2026-11-23T09:00:00Z', '2026-11-23T11:00:00Z')).toBe('23.11.2026 10:00–12:00');
    expect(formatPeriod('2026-11-23T09:00:00Z', '2026-11-24T08:00:00Z')).toBe('23.11.2026 10:00 – 24.11.2026 09:00');
    expect(vehicleName({ brand: 'VW', model: 'ID.3' })).toBe('VW ID.3');
  });
});
