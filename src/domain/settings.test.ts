import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { AppError } from './errors';
import {
  CLEANLINESS_STATES,
  decodeSettingValue,
  encodeSettingValue,
  findOption,
  isValidSettingValue,
  meetsCleanlinessThreshold,
  REPORT_RHYTHMS,
  reportRhythmMonths,
  requestedOption,
  resolveSetting,
  SETTING_CATALOGUE,
  type SettingLayer,
  type SettingName,
  type SettingOption,
  type SettingValue,
  type SettingValues,
  settingDefault,
  WEEKDAY_NAMES,
} from './settings';

function caught(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

const two = (n: number): string => String(n).padStart(2, '0');
// Every valid HH:mm, enumerated independently of the code under test.
const ALL_TIMES = new Set<string>();
for (let h = 0; h < 24; h++) for (let m = 0; m < 60; m++) ALL_TIMES.add(`${two(h)}:${two(m)}`);
const firstLayer = (o: SettingOption) => o.layers[0] ?? 'MANDANT';
const timeArb = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${two(h)}:${two(m)}`);
/** Valid values of an option, generated from its catalogue entry. */
const valueFor = (o: SettingOption): fc.Arbitrary<unknown> => {
  switch (o.type) {
    case 'boolean':
      return fc.boolean();
    case 'number':
      return fc.integer({ min: o.min ?? -1_000_000, max: o.max ?? 1_000_000 });
    case 'time':
      return timeArb;
    case 'string':
      return o.allowed ? fc.constantFrom(...o.allowed) : fc.string();
    case 'array':
      switch (o.items) {
        case 'time':
          return fc.array(timeArb);
        case 'email':
          return fc.array(fc.emailAddress());
        case 'id':
          return fc.array(fc.oneof(fc.nat(), fc.string({ minLength: 1 })));
        default:
          return o.allowed ? fc.subarray([...o.allowed]) : fc.array(fc.string());
      }
  }
};

describe('SETTING_CATALOGUE', () => {
  it('holds every option docs/product.md#settings-catalogue names, once', () => {
    const names = SETTING_CATALOGUE.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(
      [
        'EnableDebug',
        'sprache',
        'startseite',
        'zweiterFaktorFuerAdmins',
        'anmeldungPerEmailCode',
        'zeitRasterMinuten',
        'leseraumMaxBuchungenProWoche',
        'leseraumBuchungsintervallMinuten',
        'leseraumMinBuchungsdauerMinuten',
        'leseraumMaxBuchungsdauerMinuten',
        'leseraumBuchbareTageVoraus',
        'leseraumBuchbareWochentage',
        'leseraumErinnerungVorBeginnMinuten',
        'leseraumEinPlatzProPerson',
        'feiertageBundesland',
        'favoritGrundriss',
        'favoritPlaetze',
        'fahrzeugErinnerungsmailUhrzeit',
        'fahrzeugCheckInAktiv',
        'fahrzeugFreigabeNachBuchungsbeginn',
        'fahrzeugBestaetigungVorCheckOut',
        'fahrzeugBuchbareTageVoraus',
        'fahrzeugMindestabstandMinuten',
        'fahrzeugBuchungsfensterWochentag',
        'fahrzeugBuchungsfensterStunde',
        'fahrzeugMindestbuchungsdauerMinuten',
        'fahrzeugGastbuchungAktiv',
        'fahrzeugGastBestaetigungNoetig',
        'fahrzeugIndividuelleBuchungszeiten',
        'fahrzeugBuchungAusserhalbZeiten',
        'fahrzeugAbteilungspruefung',
        'fuehrerscheinPruefintervallMonate',
        'fuehrerscheinErinnerungTage',
        'fuehrerscheinMaximaleLueckeTage',
        'fuehrerscheinScansSpeichern',
        'fahrzeugReportMailadressen',
        'fahrzeugReportRhythmus',
        'fahrzeugCheckOutErinnerungszeiten',
        'fahrzeugCheckInVorBeginnMinuten',
        'fahrzeugAutoStornoOhneCheckInMinuten',
        'fahrzeugHinweisVorCheckOutMinuten',
        'verschmutzungsgrenzeInnen',
        'verschmutzungsgrenzeAussen',
        'fahrzeugBuchungszeitenAlsAbholRueckgabe',
        'fahrzeugBuchendeSichtbar',
        'fahrzeugGastKontakt',
        'fahrzeugGastFreigabeVorBeginnMinuten',
        'gastverleihAktiv',
        'gastverleihAnfrageGueltigMinuten',
        'gastverleihMaxOffeneAnfragen',
        'gastverleihTelefonPflicht',
        'kalenderEinladungen',
        'fahrtenbuchKorrekturfristTage',
        'fahrtenbuchFahrtarten',
        'fahrzeugWartungVorlaufTage',
        // added later: the tenant's choice on deactivating a person (decision 082)
        'benutzerDeaktivierungStorniertBuchungen',
        // added later: „Mein Team heute“ (decision 110)
        'teamSitzplaetze',
        'teamSitzplatzFreigabe',
        'teamFavoriten',
        // added later: retention periods (decision 150)
        'aufbewahrungBuchungenMonate',
        'aufbewahrungFahrtdetailsMonate',
        'aufbewahrungGaestedatenMonate',
        // added later: names of others in the own-data export (decision 193)
        'datenexportNamenAndererPersonen',
        // added later: UVV inspection interval and gate (decision 224)
        'fahrzeugUvvIntervallMonate',
        'fahrzeugUvvSperre',
        // added later: driver instruction interval, reminder and gate (decision 227)
        'unterweisungIntervallMonate',
        'unterweisungErinnerungTage',
        'unterweisungSperre',
      ].sort(),
    );
  });

  it('stores every default in exactly the form encoding would write', () => {
    for (const option of SETTING_CATALOGUE) {
      const value = decodeSettingValue(option, option.defaultValue);
      expect(encodeSettingValue(option, value, firstLayer(option))).toBe(option.defaultValue);
      expect(option.layers.length).toBeGreaterThan(0);
      expect(option.description.length).toBeGreaterThan(10);
    }
  });

  it('pins the defaults other code relies on', () => {
    expect(findOption('EnableDebug')).toMatchObject({ feature: 'allgemein', type: 'boolean', defaultValue: 'false' });
    expect(findOption('sprache')).toMatchObject({ feature: 'allgemein', type: 'string', defaultValue: 'de-de', layers: ['BENUTZER'] });
    expect(findOption('favoritGrundriss').layers).toEqual(['BENUTZER']);
    expect(findOption('favoritPlaetze')).toMatchObject({ feature: 'leseraum', type: 'array', layers: ['BENUTZER'] });
    expect(findOption('zeitRasterMinuten').defaultValue).toBe('15');
    expect(findOption('fahrzeugCheckOutErinnerungszeiten')).toMatchObject({ type: 'array', items: 'time' });
    expect(findOption('verschmutzungsgrenzeInnen').allowed).toBe(CLEANLINESS_STATES);
    expect(findOption('verschmutzungsgrenzeAussen').allowed).toBe(CLEANLINESS_STATES);
    expect(findOption('fahrzeugReportRhythmus').allowed).toBe(REPORT_RHYTHMS);
    expect(decodeSettingValue(findOption('leseraumBuchbareWochentage'), findOption('leseraumBuchbareWochentage').defaultValue)).toEqual([
      'montags',
      'dienstags',
      'mittwochs',
      'donnerstags',
      'freitags',
    ]);
  });

  it('never lets a user set a limit or rule for themself', () => {
    const personal = SETTING_CATALOGUE.filter((o) => o.layers.includes('BENUTZER')).map((o) => o.name);
    expect(personal.sort()).toEqual(
      [
        'sprache',
        'startseite',
        'favoritGrundriss',
        'favoritPlaetze',
        'leseraumErinnerungVorBeginnMinuten',
        'fahrzeugErinnerungsmailUhrzeit',
        'fahrzeugHinweisVorCheckOutMinuten',
        // consent and favourites of „Mein Team heute“ (decision 110) are the person's own choice
        'teamSitzplatzFreigabe',
        'teamFavoriten',
        // whether booking mails carry calendar invitations (decision 217) is the person's own choice
        'kalenderEinladungen',
      ].sort(),
    );
  });
});

describe('vocabularies', () => {
  it('lists cleanliness states with an and-worse variant', () => {
    expect(CLEANLINESS_STATES).toEqual(['sauber', 'leicht verschmutzt', 'stark verschmutzt', 'leicht verschmutzt und schlechter']);
  });

  it('reads thresholds: a plain rating exactly, the und-schlechter form that rating or worse', () => {
    expect(meetsCleanlinessThreshold('stark verschmutzt', 'stark verschmutzt')).toBe(true);
    expect(meetsCleanlinessThreshold('leicht verschmutzt', 'stark verschmutzt')).toBe(false);
    expect(meetsCleanlinessThreshold('stark verschmutzt', 'leicht verschmutzt')).toBe(false);
    expect(meetsCleanlinessThreshold('leicht verschmutzt', 'leicht verschmutzt und schlechter')).toBe(true);
    expect(meetsCleanlinessThreshold('stark verschmutzt', 'leicht verschmutzt und schlechter')).toBe(true);
    expect(meetsCleanlinessThreshold('sauber', 'leicht verschmutzt und schlechter')).toBe(false);
    expect(meetsCleanlinessThreshold('schmutzig', 'leicht verschmutzt und schlechter')).toBe(false);
    expect(meetsCleanlinessThreshold('stark verschmutzt', 'stark verschmutzt und schlechter')).toBe(false);
  });

  it('lists report rhythms with their month spacing', () => {
    expect(REPORT_RHYTHMS).toEqual(['monatlich', 'vierteljährlich', 'halbjährlich', 'jährlich']);
    expect(REPORT_RHYTHMS.map(reportRhythmMonths)).toEqual([1, 3, 6, 12]);
    const e = caught(() => reportRhythmMonths('wöchentlich'));
    expect(e.code).toBe('report_rhythm_unknown');
    expect(e.message).toBe('Berichtsrhythmus wöchentlich unbekannt');
  });

  it('names weekdays as German plurals ending in s', () => {
    expect(WEEKDAY_NAMES).toEqual(['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags']);
  });
});

describe('findOption', () => {
  it('finds an option by exact name', () => {
    expect(findOption('EnableDebug').name).toBe('EnableDebug');
  });

  it('refuses an unknown name from a request with the catalogue text and 404', () => {
    const e = caught(() => requestedOption('enableDebug'));
    expect(e.code).toBe('setting_option_missing');
    expect(e.message).toBe('keine CustomizingOption enableDebug gefunden');
    expect(e.status).toBe(404);
  });
});

describe('encodeSettingValue', () => {
  it('writes booleans, numbers, strings, times and arrays as text', () => {
    expect(encodeSettingValue(findOption('EnableDebug'), true, 'MANDANT')).toBe('true');
    expect(encodeSettingValue(findOption('EnableDebug'), false, 'MANDANT')).toBe('false');
    expect(encodeSettingValue(findOption('zeitRasterMinuten'), 30, 'MANDANT')).toBe('30');
    expect(encodeSettingValue(findOption('sprache'), 'en-us', 'BENUTZER')).toBe('en-us');
    expect(encodeSettingValue(findOption('fahrzeugErinnerungsmailUhrzeit'), '06:45', 'BENUTZER')).toBe('06:45');
    expect(encodeSettingValue(findOption('fahrzeugCheckOutErinnerungszeiten'), ['17:00', '19:30'], 'MANDANT')).toBe('["17:00","19:30"]');
    expect(encodeSettingValue(findOption('favoritPlaetze'), [12, 'a-7'], 'BENUTZER')).toBe('[12,"a-7"]');
    expect(encodeSettingValue(findOption('verschmutzungsgrenzeInnen'), 'leicht verschmutzt und schlechter', 'MANDANT')).toBe(
      'leicht verschmutzt und schlechter',
    );
  });

  // as a request sends it: the option by its name, the value as any JSON
  const refusal = (name: SettingName, value: unknown, layer: SettingLayer): string => {
    const e = caught(() => encodeSettingValue(requestedOption(name), value, layer));
    expect(e.code).toBe('setting_value_invalid');
    expect(e.status).toBe(400);
    return e.message;
  };

  it('refuses a value of the wrong type with the catalogue text', () => {
    expect(refusal('zeitRasterMinuten', '15', 'MANDANT')).toBe(
      'Neuer Customizing Wert 15 konnte nicht in Schicht MANDANT gespeichert werden',
    );
    expect(refusal('EnableDebug', 'true', 'MANDANT')).toBe(
      'Neuer Customizing Wert true konnte nicht in Schicht MANDANT gespeichert werden',
    );
    expect(refusal('EnableDebug', 1, 'MANDANT')).toBe('Neuer Customizing Wert 1 konnte nicht in Schicht MANDANT gespeichert werden');
    expect(refusal('startseite', 5, 'GRUPPE')).toBe('Neuer Customizing Wert 5 konnte nicht in Schicht GRUPPE gespeichert werden');
    expect(refusal('fahrzeugErinnerungsmailUhrzeit', '7:00', 'BENUTZER')).toBe(
      'Neuer Customizing Wert 7:00 konnte nicht in Schicht BENUTZER gespeichert werden',
    );
    expect(refusal('fahrzeugReportMailadressen', 'a@b.de', 'MANDANT')).toBe(
      'Neuer Customizing Wert a@b.de konnte nicht in Schicht MANDANT gespeichert werden',
    );
    expect(refusal('favoritPlaetze', { id: 1 }, 'BENUTZER')).toBe(
      'Neuer Customizing Wert {"id":1} konnte nicht in Schicht BENUTZER gespeichert werden',
    );
    expect(refusal('zeitRasterMinuten', undefined, 'MANDANT')).toBe(
      'Neuer Customizing Wert undefined konnte nicht in Schicht MANDANT gespeichert werden',
    );
  });

  it('refuses values outside the option vocabulary or limits', () => {
    expect(refusal('verschmutzungsgrenzeAussen', 'dreckig', 'MANDANT')).toBe(
      'Neuer Customizing Wert dreckig konnte nicht in Schicht MANDANT gespeichert werden',
    );
    refusal('sprache', 'fr-fr', 'BENUTZER');
    refusal('fahrzeugReportRhythmus', 'wöchentlich', 'MANDANT');
    refusal('fahrzeugBuchungsfensterWochentag', 'Montag', 'MANDANT');
    refusal('leseraumBuchbareWochentage', ['montags', 'feiertags'], 'MANDANT');
    refusal('fahrzeugCheckOutErinnerungszeiten', ['18:00', '25:00'], 'MANDANT');
    refusal('fahrzeugReportMailadressen', ['kein-at-zeichen'], 'MANDANT');
    refusal('zeitRasterMinuten', 0, 'MANDANT');
    refusal('zeitRasterMinuten', 7.5, 'MANDANT');
    refusal('fahrzeugBuchungsfensterStunde', 24, 'MANDANT');
    refusal('fahrzeugMindestabstandMinuten', -5, 'MANDANT');
    refusal('fahrzeugMindestabstandMinuten', Number.NaN, 'MANDANT');
    refusal('fahrzeugMindestabstandMinuten', Number.POSITIVE_INFINITY, 'MANDANT');
  });

  it('refuses a layer the option does not allow', () => {
    expect(refusal('fahrzeugMindestabstandMinuten', 15, 'BENUTZER')).toBe(
      'Neuer Customizing Wert 15 konnte nicht in Schicht BENUTZER gespeichert werden',
    );
    refusal('leseraumMaxBuchungenProWoche', 50, 'BENUTZER');
    refusal('sprache', 'de-de', 'MANDANT');
  });

  it('refuses every non-HH:mm string for time options', () => {
    const option = findOption('fahrzeugErinnerungsmailUhrzeit');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 8 }),
          fc.string().map((s) => `${s}:00`),
        ),
        (s) => {
          fc.pre(!ALL_TIMES.has(s));
          expect(() => encodeSettingValue(option, s, 'MANDANT')).toThrow(
            `Neuer Customizing Wert ${s} konnte nicht in Schicht MANDANT gespeichert werden`,
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('decodeSettingValue', () => {
  it('reads the stored text back into typed values', () => {
    expect(decodeSettingValue(findOption('EnableDebug'), 'true')).toBe(true);
    expect(decodeSettingValue(findOption('EnableDebug'), 'false')).toBe(false);
    expect(decodeSettingValue(findOption('zeitRasterMinuten'), '30')).toBe(30);
    expect(decodeSettingValue(findOption('fahrzeugReportMailadressen'), '["a@b.de"]')).toEqual(['a@b.de']);
  });

  it("reads '1' and '0' as booleans, as older rows hold them", () => {
    expect(decodeSettingValue(findOption('EnableDebug'), '1')).toBe(true);
    expect(decodeSettingValue(findOption('EnableDebug'), '0')).toBe(false);
  });

  it('refuses stored text that does not fit the option', () => {
    for (const [name, text] of [
      ['EnableDebug', 'ja'],
      ['zeitRasterMinuten', ''],
      ['zeitRasterMinuten', '0x10'],
      ['zeitRasterMinuten', '15 Minuten'],
      ['fahrzeugErinnerungsmailUhrzeit', '7 Uhr'],
      ['fahrzeugReportMailadressen', '{"a":1}'],
      ['fahrzeugReportMailadressen', '[kaputt'],
      ['verschmutzungsgrenzeInnen', 'dreckig'],
    ] as const) {
      const e = caught(() => decodeSettingValue(findOption(name), text));
      expect(e.code).toBe('setting_stored_invalid');
      expect(e.message).toBe(`Gespeicherter Customizing Wert ${text} für ${name} ist ungültig`);
    }
  });

  const layerOf = (o: SettingOption) => firstLayer(o);

  it('round-trips every valid value of every option through encode and decode', () => {
    for (const option of SETTING_CATALOGUE) {
      fc.assert(
        fc.property(valueFor(option), (value) => {
          expect(isValidSettingValue(option, value)).toBe(true);
          const text = encodeSettingValue(option, value, layerOf(option));
          expect(decodeSettingValue(option, text)).toEqual(value);
        }),
        { numRuns: 100 },
      );
    }
  });
});

describe('resolveSetting', () => {
  const reminder = findOption('leseraumErinnerungVorBeginnMinuten'); // all three layers, default 60

  it('prefers user over group over tenant over default', () => {
    const groups = [{ groupName: 'Team', value: '20' }];
    expect(resolveSetting(reminder, { user: '10', groups, tenant: '30' })).toEqual({ value: 10, source: 'BENUTZER' });
    expect(resolveSetting(reminder, { user: null, groups, tenant: '30' })).toEqual({ value: 20, source: 'GRUPPE', groupName: 'Team' });
    expect(resolveSetting(reminder, { groups: [], tenant: '30' })).toEqual({ value: 30, source: 'MANDANT' });
    expect(resolveSetting(reminder, {})).toEqual({ value: 60, source: 'DEFAULT' });
  });

  it('picks the group whose name sorts first, whatever the row order', () => {
    const a = { groupName: 'Azubis', value: '5' };
    const b = { groupName: 'Bibliothek', value: '45' };
    expect(resolveSetting(reminder, { groups: [b, a] })).toEqual({ value: 5, source: 'GRUPPE', groupName: 'Azubis' });
    expect(resolveSetting(reminder, { groups: [a, b] })).toEqual({ value: 5, source: 'GRUPPE', groupName: 'Azubis' });
  });

  it('skips stored text that no longer decodes and falls through', () => {
    expect(
      resolveSetting(reminder, {
        user: 'bald',
        groups: [
          { groupName: 'A', value: '' },
          { groupName: 'B', value: '25' },
        ],
      }),
    ).toEqual({
      value: 25,
      source: 'GRUPPE',
      groupName: 'B',
    });
    expect(resolveSetting(findOption('verschmutzungsgrenzeInnen'), { tenant: 'dreckig' })).toEqual({
      value: 'stark verschmutzt',
      source: 'DEFAULT',
    });
  });

  it('ignores values found at a layer the option does not allow', () => {
    const limit = findOption('leseraumMaxBuchungenProWoche');
    expect(resolveSetting(limit, { user: '99', tenant: '3' })).toEqual({ value: 3, source: 'MANDANT' });
    expect(resolveSetting(findOption('sprache'), { tenant: 'en-us' })).toEqual({ value: 'de-de', source: 'DEFAULT' });
  });

  it('keeps an empty string as a real value for string options', () => {
    expect(resolveSetting(findOption('startseite'), { user: '', tenant: '/leseraum/liste' })).toEqual({ value: '', source: 'BENUTZER' });
  });

  it('follows the precedence for every presence pattern', () => {
    const minutes = fc.integer({ min: 0, max: 10080 });
    const group = fc.record({ groupName: fc.string({ maxLength: 4 }), value: minutes.map(String) });
    fc.assert(
      fc.property(
        fc.option(minutes, { nil: undefined }),
        fc.array(group, { maxLength: 4 }),
        fc.option(minutes, { nil: null }),
        (user, groups, tenant) => {
          const got = resolveSetting(reminder, {
            user: user === undefined ? undefined : String(user),
            groups,
            tenant: tenant === null ? null : String(tenant),
          });
          const byUnits = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
          const first = [...groups].sort((x, y) => byUnits(x.groupName, y.groupName) || byUnits(x.value, y.value))[0];
          if (user !== undefined) expect(got).toEqual({ value: user, source: 'BENUTZER' });
          else if (first) {
            expect(got).toEqual({ value: Number(first.value), source: 'GRUPPE', groupName: first.groupName });
            const reordered = resolveSetting(reminder, { groups: [...groups].reverse(), tenant: tenant === null ? null : String(tenant) });
            expect(reordered).toEqual(got);
          } else if (tenant !== null) expect(got).toEqual({ value: tenant, source: 'MANDANT' });
          else expect(got).toEqual({ value: 60, source: 'DEFAULT' });
        },
      ),
    );
  });
});

describe('resolveSetting for every option', () => {
  // Text that no option accepts, except free text options: they take every text as it is.
  const BROKEN = '\u0000kaputt';
  type Stored = { text: string; valid: boolean; value: unknown };
  const storedText = (o: SettingOption): fc.Arbitrary<Stored> =>
    fc.oneof(
      valueFor(o).map((value): Stored => ({ text: encodeSettingValue(o, value, firstLayer(o)), valid: true, value })),
      fc.constant<Stored>({ text: BROKEN, valid: o.type === 'string' && !o.allowed, value: BROKEN }),
    );
  const byUnits = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

  it('takes the first layer the option allows whose text is valid (user, group by name, tenant), else the default', () => {
    const scenario = fc.constantFrom(...SETTING_CATALOGUE).chain((option) =>
      fc.record({
        option: fc.constant(option),
        user: fc.option(storedText(option), { nil: null }),
        groups: fc.array(fc.record({ groupName: fc.string({ maxLength: 3 }), stored: storedText(option) }), { maxLength: 4 }),
        tenant: fc.option(storedText(option), { nil: null }),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ option, user, groups, tenant }) => {
        const got = resolveSetting(option, {
          user: user?.text ?? null,
          groups: groups.map((g) => ({ groupName: g.groupName, value: g.stored.text })),
          tenant: tenant?.text ?? null,
        });
        const allows = (layer: SettingLayer) => option.layers.includes(layer);
        const group = allows('GRUPPE')
          ? [...groups]
              .sort((x, y) => byUnits(x.groupName, y.groupName) || byUnits(x.stored.text, y.stored.text))
              .find((g) => g.stored.valid)
          : undefined;
        if (allows('BENUTZER') && user?.valid) expect(got).toEqual({ value: user.value, source: 'BENUTZER' });
        else if (group) expect(got).toEqual({ value: group.stored.value, source: 'GRUPPE', groupName: group.groupName });
        else if (allows('MANDANT') && tenant?.valid) expect(got).toEqual({ value: tenant.value, source: 'MANDANT' });
        else expect(got).toEqual({ value: decodeSettingValue(option, option.defaultValue), source: 'DEFAULT' });
        // whatever layer wins, the value has the option's type
        expect(isValidSettingValue(option, got.value)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('settingDefault', () => {
  it('is the stored default of every option, decoded', () => {
    for (const option of SETTING_CATALOGUE) expect(settingDefault(option.name)).toEqual(decodeSettingValue(option, option.defaultValue));
    expect(settingDefault('fuehrerscheinPruefintervallMonate')).toBe(6);
    expect(settingDefault('fahrzeugCheckInAktiv')).toBe(true);
    expect(settingDefault('fahrzeugCheckOutErinnerungszeiten')).toEqual(['18:00']);
  });
});

// Checked by the type check (tsc), which reads every test file: vitest runs these lines but does not judge types.
describe('the type of each option', () => {
  it('follows from its catalogue entry', () => {
    expectTypeOf<SettingValue<'fahrzeugWartungVorlaufTage'>>().toEqualTypeOf<number>();
    expectTypeOf<SettingValue<'fahrzeugCheckInAktiv'>>().toEqualTypeOf<boolean>();
    expectTypeOf<SettingValue<'sprache'>>().toEqualTypeOf<'de-de' | 'en-us'>();
    expectTypeOf<SettingValue<'fahrzeugReportRhythmus'>>().toEqualTypeOf<'monatlich' | 'vierteljährlich' | 'halbjährlich' | 'jährlich'>();
    expectTypeOf<SettingValue<'verschmutzungsgrenzeInnen'>>().toEqualTypeOf<(typeof CLEANLINESS_STATES)[number]>();
    expectTypeOf<SettingValue<'fahrzeugBuchungsfensterWochentag'>>().toEqualTypeOf<(typeof WEEKDAY_NAMES)[number]>();
    expectTypeOf<SettingValue<'startseite'>>().toEqualTypeOf<string>();
    expectTypeOf<SettingValue<'fahrzeugErinnerungsmailUhrzeit'>>().toEqualTypeOf<string>();
    expectTypeOf<SettingValue<'leseraumBuchbareWochentage'>>().toEqualTypeOf<(typeof WEEKDAY_NAMES)[number][]>();
    expectTypeOf<SettingValue<'fahrtenbuchFahrtarten'>>().toEqualTypeOf<('dienstlich' | 'privat' | 'Arbeitsweg')[]>();
    expectTypeOf<SettingValue<'fahrzeugReportMailadressen'>>().toEqualTypeOf<string[]>();
    expectTypeOf<SettingValue<'fahrzeugCheckOutErinnerungszeiten'>>().toEqualTypeOf<string[]>();
    expectTypeOf<SettingValue<'favoritPlaetze'>>().toEqualTypeOf<(string | number)[]>();
    expectTypeOf(resolveSetting(findOption('zeitRasterMinuten'), {}).value).toEqualTypeOf<number>();
    expectTypeOf(settingDefault('fahrzeugGastbuchungAktiv')).toEqualTypeOf<boolean>();
  });

  it('is never unknown for an option of the catalogue, but unknown for a name from a request', () => {
    type Untyped = { [N in SettingName]: unknown extends SettingValues[N] ? N : never }[SettingName];
    expectTypeOf<Untyped>().toBeNever();
    expectTypeOf<ReturnType<typeof decodeSettingValue<SettingOption>>>().toBeUnknown();
    expectTypeOf(requestedOption).returns.toEqualTypeOf<SettingOption<SettingName>>();
  });

  it('refuses a misspelt name and a value of the wrong type from code', () => {
    // @ts-expect-error no option has this name
    expect(() => findOption('fahrzeugWartungVorlaufTag')).toThrow('keine CustomizingOption fahrzeugWartungVorlaufTag gefunden');
    // @ts-expect-error a number option takes no text
    expect(() => encodeSettingValue(findOption('zeitRasterMinuten'), '15', 'MANDANT')).toThrow(
      'Neuer Customizing Wert 15 konnte nicht in Schicht MANDANT gespeichert werden',
    );
  });
});
