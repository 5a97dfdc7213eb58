import type { SettingName } from '@domain/settings';
import { describe, expectTypeOf, it } from 'vitest';
import type { effectiveSetting, effectiveValues } from './effective-settings';

// Checked by the type check (tsc), which reads every test file; the reads themselves are tested against a real database in settings.int.test.ts.
describe('reading settings in code', () => {
  it('gives one option the type of its catalogue entry', () => {
    expectTypeOf<Awaited<ReturnType<typeof effectiveSetting<'fahrzeugWartungVorlaufTage'>>>>().toEqualTypeOf<number>();
    expectTypeOf<Awaited<ReturnType<typeof effectiveSetting<'anmeldungPerEmailCode'>>>>().toEqualTypeOf<boolean>();
    expectTypeOf<Awaited<ReturnType<typeof effectiveSetting<'verschmutzungsgrenzeAussen'>>>>().toEqualTypeOf<
      'sauber' | 'leicht verschmutzt' | 'stark verschmutzt' | 'leicht verschmutzt und schlechter'
    >();
  });

  it('gives several options as one object, each with its type', () => {
    expectTypeOf<Awaited<ReturnType<typeof effectiveValues<'zeitRasterMinuten' | 'fahrzeugCheckInAktiv'>>>>().toEqualTypeOf<{
      zeitRasterMinuten: number;
      fahrzeugCheckInAktiv: boolean;
    }>();
  });

  it('takes only names of the catalogue', () => {
    expectTypeOf<Parameters<typeof effectiveSetting>[3]>().toEqualTypeOf<SettingName>();
    expectTypeOf<Parameters<typeof effectiveValues>[3]>().toEqualTypeOf<readonly SettingName[]>();
    // @ts-expect-error a misspelt name does not compile
    expectTypeOf<typeof effectiveSetting<'fahrzeugWartungVorlaufTag'>>().toBeFunction();
  });
});
