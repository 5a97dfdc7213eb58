import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAuditedAccess, PERSONAL_DATA_ACCESS } from './access-audit';

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
  });
});
