import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions';
import { canWriteSetting, REPORT_SETTINGS } from './setting-access';
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

  it('lets holders of fahrzeug_logbuch_report set the vehicle report settings for the tenant, and nothing else', () => {
    for (const name of REPORT_SETTINGS) {
      expect(canWriteSetting(new Set(['fahrzeug_logbuch_report']), findOption(name), 'MANDANT')).toEqual({ allowed: true });
      expect(canWriteSetting(new Set(['fahrzeug_logbuch_report']), findOption(name), 'GRUPPE').allowed).toBe(false);
      expect(canWriteSetting(new Set(['fahrzeug_pflege_x']), findOption(name), 'MANDANT').allowed).toBe(false);
    }
    expect(canWriteSetting(new Set(['fahrzeug_logbuch_report']), findOption('fahrtenbuchFahrtarten'), 'MANDANT').allowed).toBe(false);
  });

  it('never allows a tenant or group value to a permission set without admin access (the report settings aside)', () => {
    const nonAdmin = PERMISSIONS.filter((p) => p.startsWith('fahrzeug_') && p !== 'fahrzeug_pflege');
    fc.assert(
      fc.property(
        fc.subarray([...nonAdmin]),
        fc.constantFrom(...SETTING_CATALOGUE),
        fc.constantFrom('GRUPPE' as const, 'MANDANT' as const),
        (perms, option, layer) => {
          const reportHolder = layer === 'MANDANT' && REPORT_SETTINGS.includes(option.name) && perms.includes('fahrzeug_logbuch_report');
          expect(canWriteSetting(new Set(perms), option, layer).allowed).toBe(reportHolder);
        },
      ),
    );
  });
});
