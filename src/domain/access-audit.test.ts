import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessedNames, accessSubjectId, accessSubjectName, isAuditedAccess, othersAccessed, PERSONAL_DATA_ACCESS } from './access-audit';

describe('isAuditedAccess', () => {
  it('records another person’s data, never one’s own', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (a, b) => {
        expect(isAuditedAccess(a, a)).toBe(false);
        expect(isAuditedAccess(a, b)).toBe(a !== b);
      }),
    );
  });

  it('names what was looked at in German', () => {
    expect(PERSONAL_DATA_ACCESS.fuehrerscheinhistorie).toBe('Führerschein und Prüfungshistorie');
    expect(PERSONAL_DATA_ACCESS.fahrtenbuchpdf).toBe('Fahrtenbuch-Export (PDF)');
  });
});

describe('othersAccessed', () => {
  const person = fc.record({
    id: fc.option(fc.constantFrom('a', 'b', 'c', 'me'), { nil: null }),
    name: fc.constantFrom('Anna', 'Bernd', 'Ülla', ''),
  });

  it('keeps each other person once and never the reader', () => {
    fc.assert(
      fc.property(fc.array(person, { maxLength: 30 }), (persons) => {
        const others = othersAccessed('me', persons);
        expect(others.some((p) => p.id === 'me')).toBe(false);
        const keys = others.map((p) => p.id ?? `name:${p.name}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const p of persons) {
          if (p.id !== null && p.id !== 'me') expect(others.some((o) => o.id === p.id)).toBe(true);
        }
        expect(others.every((p) => p.id !== null || p.name !== '')).toBe(true);
      }),
    );
  });

  it('leaves nothing for a read of one’s own rows only', () => {
    expect(
      othersAccessed('me', [
        { id: 'me', name: 'Ich' },
        { id: 'me', name: 'Ich' },
      ]),
    ).toEqual([]);
  });
});

describe('accessSubjectName and accessSubjectId', () => {
  const p = (id: string | null, name: string) => ({ id, name });
  it('spells out one to three names and counts the rest', () => {
    expect(accessSubjectName([p('1', 'Anna Alt')])).toBe('Anna Alt');
    expect(accessSubjectName([p('1', 'Anna Alt'), p('2', 'Bernd Berg')])).toBe('Anna Alt und Bernd Berg');
    expect(accessSubjectName([p('1', 'A'), p('2', 'B'), p('3', 'C')])).toBe('A, B und C');
    expect(accessSubjectName([p('1', 'A'), p('2', 'B'), p('3', 'C'), p('4', 'D'), p(null, 'E')])).toBe('A, B, C und 2 weitere');
  });
  it('separates names with semicolons where a name holds a comma', () => {
    expect(accessSubjectName([p('1', 'Fuhrmann, Felix'), p('2', 'Mustermann, Max')])).toBe('Fuhrmann, Felix und Mustermann, Max');
    expect(accessSubjectName([p('1', 'A, a'), p('2', 'B, b'), p('3', 'C, c')])).toBe('A, a; B, b und C, c');
    expect(accessedNames([p('1', 'Anna Alt'), p('2', 'Bernd Berg')])).toBe('Anna Alt, Bernd Berg');
    expect(accessedNames([p('1', 'Alt, Anna'), p('2', 'Berg, Bernd')])).toBe('Alt, Anna; Berg, Bernd');
  });

  it('lists every id, without the people known only by name', () => {
    expect(accessSubjectId([p('1', 'A'), p(null, 'B'), p('g@x.de', 'C')])).toBe('1,g@x.de');
  });
});
