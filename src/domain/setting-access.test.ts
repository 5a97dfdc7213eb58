import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions';
import { canWriteSetting } from './setting-access';
import { findOption, SETTING_CATALOGUE } from './settings';

describe('canWriteSetting', () => {
  it('lets everyone set their own user-level value', () => {
    const option = findOption('sprache');
    expect(canWriteSetting(new Set(), option, 'BENUTZER')).toEqual({ allowed: true });
  });

  it('refuses tenant values without a settings permission, with the guard denial', () => {
    const option = SETTING_CATALOGUE.find((o) => o.layers.includes('MANDANT'))!;
    expect(canWriteSetting(new Set(['fahrzeug_buchen']), option, 'MANDANT')).toEqual({ allowed: false, denial: 'no admin' });
    expect(canWriteSetting(new Set(['customizing_mandant_pflege']), option, 'MANDANT')).toEqual({ allowed: true });
  });

  it('never allows a tenant or group value to a permission set without admin access', () => {
    const nonAdmin = PERMISSIONS.filter((p) => p.startsWith('fahrzeug_') && p !== 'fahrzeug_pflege');
    fc.assert(
      fc.property(
        fc.subarray([...nonAdmin]),
        fc.constantFrom(...SETTING_CATALOGUE),
        fc.constantFrom('GRUPPE' as const, 'MANDANT' as const),
        (perms, option, layer) => {
          expect(canWriteSetting(new Set(perms), option, layer).allowed).toBe(false);
        },
      ),
    );
  });
});
