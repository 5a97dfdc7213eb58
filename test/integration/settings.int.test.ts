import { withTenant } from '@db/client';
import { SETTING_CATALOGUE } from '@domain/settings';
import { effectiveSetting, effectiveValues } from '@server/areas/settings/effective-settings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
type Setting = { name: string; value: unknown; source: string };

describe.each(DB_KINDS)('customizing layers on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let booker: string;
  let groupId: string;
  const effective = async (cookie: string, name: string) =>
    ((await t.call(SW, { method: 'GET', url: '/api/settings', cookie })).json().settings as Setting[]).find((s) => s.name === name)!;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login(SW, 'admin@stadtwerke.test');
    booker = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const r = (await t.database.db.execute(sql`select id::text from groups where name = 'Alle Mitarbeitenden'`)) as unknown as {
      rows: { id: string }[];
    };
    groupId = r.rows[0]!.id;
  });
  afterAll(() => t?.close());

  it('resolves user → group → tenant → default, and falls back when a layer is removed', async () => {
    const name = 'leseraumMaxBuchungenProWoche';
    const start = await effective(booker, name);
    expect(start.source).toBe('DEFAULT');
    const put = (cookie: string, body: object) => t.call(SW, { method: 'PUT', url: `/api/settings/${name}`, cookie, payload: body });

    expect((await put(admin, { layer: 'MANDANT', value: 30 })).statusCode).toBe(200);
    // A limit is not a personal preference: nobody lifts their own limit.
    const own = await put(booker, { layer: 'BENUTZER', value: 99 });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe('Neuer Customizing Wert 99 konnte nicht in Schicht BENUTZER gespeichert werden');
    expect(await effective(booker, name)).toMatchObject({ value: 30, source: 'MANDANT' });

    expect((await put(admin, { layer: 'GRUPPE', groupId, value: 45 })).statusCode).toBe(200);
    expect(await effective(booker, name)).toMatchObject({ value: 45, source: 'GRUPPE' });
    // Not in that group: the tenant value still applies to the examiner.
    expect(await effective(await t.login(SW, 'pruefer@stadtwerke.test'), name)).toMatchObject({ value: 30, source: 'MANDANT' });

    // Removing the group value lets the tenant value apply again; removing that, the default.
    expect(
      (await t.call(SW, { method: 'DELETE', url: `/api/settings/${name}?layer=GRUPPE&groupId=${groupId}`, cookie: admin })).statusCode,
    ).toBe(200);
    expect(await effective(booker, name)).toMatchObject({ value: 30, source: 'MANDANT' });
    expect((await t.call(SW, { method: 'DELETE', url: `/api/settings/${name}?layer=MANDANT`, cookie: booker })).statusCode).toBe(403);
    expect((await t.call(SW, { method: 'DELETE', url: `/api/settings/${name}?layer=MANDANT`, cookie: admin })).statusCode).toBe(200);
    expect(await effective(booker, name)).toMatchObject({ source: 'DEFAULT' });
    await put(admin, { layer: 'MANDANT', value: 30 });

    // The tenant admin's view shows the tenant layer only.
    const adminView = (await t.call(SW, { method: 'GET', url: '/api/admin/settings', cookie: admin })).json().settings as Setting[];
    expect(adminView.find((s) => s.name === name)).toMatchObject({ value: 30, source: 'MANDANT' });
  });

  it('stores a user-level preference and prefers it over every other layer', async () => {
    const name = 'startseite';
    await t.call(SW, {
      method: 'PUT',
      url: `/api/settings/${name}`,
      cookie: admin,
      payload: { layer: 'MANDANT', value: '/leseraum/karte' },
    });
    expect(await effective(booker, name)).toMatchObject({ value: '/leseraum/karte', source: 'MANDANT' });
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: booker })).json().startPath).toBe('/leseraum/karte');
    await t.call(SW, { method: 'PUT', url: `/api/settings/${name}`, cookie: booker, payload: { value: '/fahrzeuge' } });
    expect(await effective(booker, name)).toMatchObject({ value: '/fahrzeuge', source: 'BENUTZER' });
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: booker })).json().startPath).toBe('/fahrzeuge');
  });

  it('stores values as text: booleans true/false, arrays as JSON', async () => {
    await t.call(SW, { method: 'PUT', url: '/api/settings/EnableDebug', cookie: admin, payload: { layer: 'MANDANT', value: true } });
    await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugCheckOutErinnerungszeiten',
      cookie: admin,
      payload: { layer: 'MANDANT', value: ['17:00', '19:30'] },
    });
    const r = (await t.database.db.execute(
      sql`select option_name, value from setting_values where option_name in ('EnableDebug', 'fahrzeugCheckOutErinnerungszeiten') order by 1`,
    )) as unknown as { rows: { option_name: string; value: string }[] };
    expect(r.rows).toEqual([
      { option_name: 'EnableDebug', value: 'true' },
      { option_name: 'fahrzeugCheckOutErinnerungszeiten', value: '["17:00","19:30"]' },
    ]);
  });

  it('refuses a layer the option does not have with the specified message', async () => {
    const res = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugMindestabstandMinuten',
      cookie: admin,
      payload: { layer: 'GRUPPE', groupId, value: 20 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Neuer Customizing Wert 20 konnte nicht in Schicht GRUPPE gespeichert werden');
  });

  it('refuses a value of the wrong type with the specified message', async () => {
    const res = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugMindestabstandMinuten',
      cookie: admin,
      payload: { layer: 'MANDANT', value: 'viel' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^Neuer Customizing Wert .*viel.* konnte nicht in Schicht MANDANT gespeichert werden$/);
    const time = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugErinnerungsmailUhrzeit',
      cookie: admin,
      payload: { layer: 'MANDANT', value: '25:00' },
    });
    expect(time.statusCode).toBe(400);
    expect(time.json().error.message).toMatch(/konnte nicht in Schicht MANDANT gespeichert werden$/);
  });

  it('answers an unknown option with the specified message', async () => {
    const res = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/gibtEsNicht',
      cookie: admin,
      payload: { layer: 'MANDANT', value: 1 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('keine CustomizingOption gibtEsNicht gefunden');
  });

  it('lets only holders of a settings permission write tenant or group values', async () => {
    const res = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugMindestabstandMinuten',
      cookie: booker,
      payload: { layer: 'MANDANT', value: 0 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('no admin');
    const group = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugMindestabstandMinuten',
      cookie: booker,
      payload: { layer: 'GRUPPE', groupId, value: 0 },
    });
    expect(group.statusCode).toBe(403);
  });

  it('gives code the same values, by the same precedence, as the settings screen shows', async () => {
    const put = (name: string, body: object) => t.call(SW, { method: 'PUT', url: `/api/settings/${name}`, cookie: admin, payload: body });
    expect((await put('leseraumErinnerungVorBeginnMinuten', { layer: 'GRUPPE', groupId, value: 45 })).statusCode).toBe(200);
    expect((await put('fahrzeugWartungVorlaufTage', { layer: 'MANDANT', value: 21 })).statusCode).toBe(200);
    const me = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: booker })).json();
    const shown = ((await t.call(SW, { method: 'GET', url: '/api/settings', cookie: booker })).json().settings as Setting[]).map(
      (s) => [s.name, s.value] as const,
    );
    const names = SETTING_CATALOGUE.map((o) => o.name);
    const read = await withTenant(t.database.db, me.tenant.id, (tx) => effectiveValues(tx, me.tenant.id, me.user.id, names));
    expect(Object.entries(read).sort()).toEqual([...shown].sort());
    expect(read).toMatchObject({ leseraumErinnerungVorBeginnMinuten: 45, fahrzeugWartungVorlaufTage: 21, startseite: '/fahrzeuge' });
    const lead = await withTenant(t.database.db, me.tenant.id, (tx) =>
      effectiveSetting(tx, me.tenant.id, null, 'fahrzeugWartungVorlaufTage'),
    );
    expect(lead).toBe(21);
  });

  it('speaks English to a user who chose en-us', async () => {
    const cookie = await t.login(SW, 'freigabe@stadtwerke.test');
    expect((await t.call(SW, { method: 'PUT', url: '/api/session/locale', cookie, payload: { locale: 'en-us' } })).statusCode).toBe(200);
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie })).json().locale).toBe('en-us');
    const res = await t.call(SW, { method: 'PATCH', url: '/api/session/profile', cookie, payload: { firstName: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Please fill in "First name".');
  });
});
