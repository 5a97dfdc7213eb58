import { berlinInstant } from '@domain/vehicle-time';
import { vehicles as de } from '@web/i18n/de/vehicles';
import { vehicles as en } from '@web/i18n/en/vehicles';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { attributeText, formatPeriod, unbookableStretches, valueText, vehicleName, weekdayList } from './format';

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

describe('English sweep and day bar helpers', () => {
  const tOf = (catalogue: Record<string, unknown>) =>
    ((key: string, opts?: { returnObjects?: boolean }) => {
      const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], catalogue);
      return opts?.returnObjects ? value : (value ?? key);
    }) as unknown as Parameters<typeof weekdayList>[0];

  it('lists booking weekdays in the reader’s language, Monday first', () => {
    expect(weekdayList(tOf(en), ['freitags', 'montags', 'dienstags'])).toBe('Mon, Tue, Fri');
    expect(weekdayList(tOf(de), ['freitags', 'montags', 'dienstags'])).toBe('Mo, Di, Fr');
  });

  it('shows known stored values in English and anything else as entered', () => {
    expect(valueText(tOf(en), 'Benzin')).toBe('Petrol');
    expect(valueText(tOf(en), 'Schaltgetriebe')).toBe('Manual');
    expect(valueText(tOf(en), 'Oldtimer')).toBe('Oldtimer');
    expect(valueText(tOf(de), 'Benzin')).toBe('Benzin');
  });

  it('reads the table of known words once per language, and never keeps a catalogue that has not loaded', async () => {
    const i18n = createInstance();
    await i18n.init({ resources: { de: { vehicles: de }, en: { vehicles: en } }, lng: 'de', ns: ['vehicles'] });
    type T = Parameters<typeof valueText>[0];
    /** A t() of one language that counts how often the whole table is asked for. */
    const fixedOf = (lng: string) => i18n.getFixedT(lng, 'vehicles') as unknown as (key: string, opts?: object) => unknown;
    const counted = (lng: string, answer: (key: string, opts?: object) => unknown) => {
      const asked = { tables: 0 };
      const t = Object.assign(
        (key: string, opts?: object) => {
          if (key === 'values') asked.tables++;
          return answer(key, opts);
        },
        { lng },
      ) as unknown as T;
      return { t, asked };
    };
    const english = counted('en', fixedOf('en'));
    expect(['Benzin', 'Elektro', 'Oldtimer', 'Schaltgetriebe'].map((v) => valueText(english.t, v))).toEqual([
      'Petrol',
      'Electric',
      'Oldtimer',
      'Manual',
    ]);
    expect(english.asked.tables).toBe(1);
    const german = counted('de', fixedOf('de'));
    expect(valueText(german.t, 'Benzin')).toBe('Benzin');
    expect(valueText(german.t, 'Schaltgetriebe')).toBe('Schaltgetriebe');
    expect(german.asked.tables).toBe(1);
    // Before its catalogue has come, t() answers with the key: the value shows as stored and nothing is kept.
    const loading = counted('fr', (key) => key);
    expect(valueText(loading.t, 'Benzin')).toBe('Benzin');
    i18n.addResourceBundle('fr', 'vehicles', { values: { Benzin: 'Essence' } });
    const loaded = counted('fr', fixedOf('fr'));
    expect(valueText(loaded.t, 'Benzin')).toBe('Essence');
  });

  it('shows a yes/no choice text in the reader’s language', () => {
    const yesNo = [
      { key: 'ja', text: 'Ja' },
      { key: 'nein', text: 'Nein' },
    ];
    expect(attributeText({ type: 'RADIOS', choices: yesNo }, 'ja', 'Yes', 'No')).toBe('Yes');
    expect(attributeText({ type: 'DROPDOWN', choices: yesNo }, 'nein', 'Yes', 'No')).toBe('No');
  });

  it('marks hours outside the booking times and whole non-bookable days as not bookable', () => {
    // 2026-11-23 is a Monday.
    const stretches = unbookableStretches({ weekdays: ['montags'], from: '06:00', to: '22:00' }, '2026-11-23', 2);
    expect(stretches).toEqual([
      { from: berlinInstant('2026-11-23', '00:00').getTime(), to: berlinInstant('2026-11-23', '06:00').getTime() },
      { from: berlinInstant('2026-11-23', '22:00').getTime(), to: berlinInstant('2026-11-24', '00:00').getTime() },
      { from: berlinInstant('2026-11-24', '00:00').getTime(), to: berlinInstant('2026-11-25', '00:00').getTime() },
    ]);
    expect(unbookableStretches(null, '2026-11-23', 7)).toEqual([]);
    expect(unbookableStretches({ weekdays: ['montags'], from: '00:00', to: '23:59' }, '2026-11-23', 1)).toEqual([]);
  });
});
