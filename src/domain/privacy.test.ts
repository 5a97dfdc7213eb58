import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPORT_ROLE_LABELS, EXPORT_ROLES, exportExpiresAt, exportPercent, isExportParty, partyInExport, recordForExport } from './privacy';

describe('exportPercent', () => {
  it('is 100 only when the export is done', () => {
    expect(exportPercent('fertig', 0, 0)).toBe(100);
    expect(exportPercent('laeuft', 11, 11)).toBe(99);
    expect(exportPercent('wartend', 0, 11)).toBe(0);
    expect(exportPercent('laeuft', 5, 10)).toBe(50);
  });

  it('stays between 0 and 99 and never falls while steps are done', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }), (a, total) => {
        const b = a + 1;
        const p = exportPercent('laeuft', a, total);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(99);
        expect(exportPercent('laeuft', b, total)).toBeGreaterThanOrEqual(p);
      }),
    );
  });
});

describe('exportExpiresAt', () => {
  it('is one day after the start', () => {
    expect(exportExpiresAt(new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T12:00:00.000Z');
  });
});

describe('others in the own-data export (decision 193)', () => {
  const de = { namesOthers: false, locale: 'de-de' } as const;

  it('names colleagues by their role, the person by name, and others by name only when the tenant allows it', () => {
    const row = {
      id: 'b1',
      pruefer: { name: 'Paul Prüfer', self: false, role: 'fuehrerscheinpruefung' },
      gebuchtVon: { name: 'Max Mustermann', self: true, role: 'fremdbuchung' },
      gebuchtFuer: null,
      fahrer: { name: 'Felix Fuhrmann', self: false, role: 'fahrer' },
      klassen: ['B'],
    };
    expect(recordForExport(row, de)).toEqual({
      id: 'b1',
      pruefer: 'Führerscheinprüfung',
      gebuchtVon: 'Max Mustermann',
      gebuchtFuer: null,
      fahrer: 'Fahrerin oder Fahrer',
      klassen: ['B'],
    });
    expect(recordForExport(row, { namesOthers: false, locale: 'en-us' })).toMatchObject({ pruefer: 'Licence check', fahrer: 'Driver' });
    expect(recordForExport(row, { namesOthers: true, locale: 'de-de' })).toMatchObject({
      pruefer: 'Paul Prüfer',
      fahrer: 'Felix Fuhrmann',
    });
  });

  it('leaves records without parties and look-alike objects untouched; an empty name says nothing', () => {
    expect(recordForExport({ name: 'Kundenservice', wert: { a: 1 } }, de)).toEqual({ name: 'Kundenservice', wert: { a: 1 } });
    expect(isExportParty({ name: 'x', self: false, role: 'chef' })).toBe(false);
    expect(partyInExport({ name: '  ', self: false, role: 'gast' }, de)).toBeNull();
  });

  it('property: without the tenant’s choice no other person’s name reaches the export, the own name always does', () => {
    const party = fc.record({
      name: fc.option(fc.string({ minLength: 1, maxLength: 12 }), { nil: null }),
      self: fc.boolean(),
      role: fc.constantFrom(...EXPORT_ROLES),
    });
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), party), fc.constantFrom('de-de', 'en-us'), (row, locale) => {
        const roles = new Set(Object.values(EXPORT_ROLE_LABELS[locale]));
        const out = recordForExport(row, { namesOthers: false, locale });
        const named = recordForExport(row, { namesOthers: true, locale });
        for (const [k, p] of Object.entries(row)) {
          const shown = out[k];
          if (p.name === null || p.name.trim() === '') expect(shown).toBeNull();
          else if (p.self) expect(shown).toBe(p.name);
          else expect(shown).toBe(EXPORT_ROLE_LABELS[locale][p.role]);
          if (!p.self && shown !== null) expect(roles.has(String(shown))).toBe(true);
          if (p.name !== null && p.name.trim() !== '') expect(named[k]).toBe(p.name);
        }
      }),
    );
  });
});
