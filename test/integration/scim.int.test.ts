import { SCIM_SCHEMAS } from '@domain/scim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const BIB = 'bibliothek.localhost';
const REASON = 'Storno wegen Deaktivierung des Benutzers';
const SCIM_JSON = 'application/scim+json';
const PATCH_OP = SCIM_SCHEMAS.patchOp;

type Res = Awaited<ReturnType<TestApp['call']>>;

describe.each(DB_KINDS)('SCIM 2.0 provisioning on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let token: string;
  let foreignToken: string;
  let foreign: { userId: string; groupId: string };

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

  /** A client as Entra ID's provisioning service is one: bearer token, application/scim+json, no cookie. */
  const scim = (
    method: string,
    url: string,
    body?: unknown,
    opts: { host?: string; bearer?: string | null; headers?: Record<string, string> } = {},
  ) =>
    t.call(opts.host ?? SW, {
      method: method as 'GET',
      url: `/scim/v2${url}`,
      headers: {
        ...(opts.bearer === null ? {} : { authorization: `Bearer ${opts.bearer ?? token}` }),
        ...(body === undefined ? {} : { 'content-type': SCIM_JSON }),
        ...opts.headers,
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const json = (res: Res) => JSON.parse(res.body);
  const expectScimError = (res: Res, status: number, scimType: string | null, detail?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toContain(SCIM_JSON);
    const body = json(res);
    expect(body.schemas).toEqual([SCIM_SCHEMAS.error]);
    expect(body.status).toBe(String(status));
    if (scimType) expect(body.scimType).toBe(scimType);
    else expect(body.scimType).toBeUndefined();
    expect(typeof body.detail).toBe('string');
    expect(body.detail.length).toBeGreaterThan(10);
    if (detail) expect(body.detail).toBe(detail);
    return body;
  };
  const filter = (f: string) => `?filter=${encodeURIComponent(f)}`;

  async function newToken(host: string, cookie: string, name: string) {
    const res = await t.call(host, {
      method: 'POST',
      url: '/api/admin/tenant/scim-tokens',
      cookie,
      payload: { name, expiresOn: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { endpoint: string; secret: string; token: { id: string; hint: string } };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login(SW, 'admin@stadtwerke.test');
    token = (await newToken(SW, admin, 'Entra ID')).secret;
    foreignToken = (await newToken(BIB, await t.login(BIB, 'admin@bibliothek.test'), 'Fremd')).secret;
    const [u] = await rows<{ user_id: string; group_id: string }>(sql`
      select u.id::text as user_id, g.id::text as group_id
        from users u join tenants te on te.id = u.tenant_id join groups g on g.tenant_id = u.tenant_id
       where te.sub_identifier = 'bibliothek' limit 1`);
    foreign = { userId: u!.user_id, groupId: u!.group_id };
  });
  afterAll(() => t?.close());

  it('makes a token under /admin/mandanten that is shown once, listed by its hint and audited', async () => {
    const made = await newToken(SW, admin, 'Okta');
    expect(made.secret).toMatch(/^bbs_[A-Za-z0-9_-]{43}$/);
    expect(made.endpoint).toBe(`http://${SW}/scim/v2`);
    const list = await t.call(SW, { method: 'GET', url: '/api/admin/tenant/scim-tokens', cookie: admin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret);
    expect(list.json().tokens.map((x: { hint: string }) => x.hint)).toContain(made.token.hint);
    const stored = await rows<{ token_hash: string }>(sql`select token_hash from scim_tokens where id = ${made.token.id}::uuid`);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const trail = await rows<{ action: string; subject_name: string }>(
      sql`select action, subject_name from audit_log where subject_type = 'scim_token' and subject_id = ${made.token.id}`,
    );
    expect(trail).toEqual([{ action: 'anlegen', subject_name: `Okta (${made.token.hint})` }]);
    // A person without the tenant right gets the route guard's refusal, not the tokens.
    const member = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    expect((await t.call(SW, { method: 'GET', url: '/api/admin/tenant/scim-tokens', cookie: member })).statusCode).toBe(403);
  });

  it('replays Entra ID’s provisioning sequence: create, find, update, disable, groups and members, delete', async () => {
    // "Test connection": a filter on a userName that does not exist.
    const probe = await scim('GET', `/Users${filter('userName eq "a1b2c3d4-0000-4000-8000-000000000000"')}`);
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['content-type']).toContain(SCIM_JSON);
    expect(json(probe)).toEqual({ schemas: [SCIM_SCHEMAS.listResponse], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    // Create.
    const body = {
      schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterprise],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Test_User_ab6490ee@stadtwerke.test',
      active: true,
      emails: [{ primary: true, type: 'work', value: 'test.user@stadtwerke.test' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Tessa Tester', familyName: 'Tester', givenName: 'Tessa' },
      [SCIM_SCHEMAS.enterprise]: { employeeNumber: 'P-4711' },
      roles: [],
    };
    const created = await scim('POST', '/Users', body);
    expect(created.statusCode, created.body).toBe(201);
    const user = json(created);
    expect(created.headers.location).toBe(`http://${SW}/scim/v2/Users/${user.id}`);
    expect(user).toMatchObject({
      userName: body.userName,
      externalId: body.externalId,
      active: true,
      name: { givenName: 'Tessa', familyName: 'Tester' },
      emails: [{ value: 'test.user@stadtwerke.test', type: 'work', primary: true }],
      [SCIM_SCHEMAS.enterprise]: { employeeNumber: 'P-4711' },
      meta: { resourceType: 'User', location: created.headers.location },
    });
    const [row] = await rows<{ status: string; first_name: string; employee_id: string }>(
      sql`select status, first_name, employee_id from users where id = ${user.id}::uuid`,
    );
    expect(row).toEqual({ status: 'aktiv', first_name: 'Tessa', employee_id: 'P-4711' });
    // The same userName again is a conflict.
    expectScimError(
      await scim('POST', '/Users', body),
      409,
      'uniqueness',
      'Den userName „Test_User_ab6490ee@stadtwerke.test“ hat in diesem Mandanten schon eine andere Person.',
    );

    // Get by filter, as Entra does before each change.
    for (const f of [
      `userName eq "${body.userName.toUpperCase()}"`,
      `externalId eq "${body.externalId}"`,
      'emails[type eq "work" and value eq "test.user@stadtwerke.test"]',
    ]) {
      const found = json(await scim('GET', `/Users${filter(f)}`));
      expect(found.totalResults, f).toBe(1);
      expect(found.Resources[0].id).toBe(user.id);
    }
    expect(json(await scim('GET', `/Users${filter('externalId eq "0A21F0F2-8D2A-4F8E-BF98-7363C4AED4EF"')}`)).totalResults).toBe(0);

    // Update via PATCH (the operations Entra sends, its capitals included).
    const updated = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'tessa.tester@stadtwerke.test' },
        { op: 'Replace', path: 'name.familyName', value: 'Tester-Neu' },
        { op: 'replace', value: { 'name.givenName': 'Tessa Maria', displayName: 'Tessa Maria Tester-Neu' } },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json(updated)).toMatchObject({
      name: { givenName: 'Tessa Maria', familyName: 'Tester-Neu' },
      emails: [{ value: 'tessa.tester@stadtwerke.test' }],
    });
    const trail = await rows<{ actor_name: string; changes: { field: string }[] }>(
      sql`select actor_name, changes from audit_log where subject_type = 'benutzer' and subject_id = ${user.id} order by id`,
    );
    expect(trail.map((e) => e.actor_name)).toEqual(['SCIM-Provisionierung (Entra ID)', 'SCIM-Provisionierung (Entra ID)']);
    expect(trail[1]!.changes.map((c) => c.field).sort()).toEqual(['E-Mail', 'Nachname', 'Vorname']);

    // Disable via PATCH active "False" (a text, as Entra sends it).
    const disabled = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(json(disabled).active).toBe(false);
    expect((await rows<{ status: string }>(sql`select status from users where id = ${user.id}::uuid`))[0]!.status).toBe('inaktiv');
    const back = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(json(back).active).toBe(true);

    // Group create, find by name, members add and remove, rename.
    const group = await scim('POST', '/Groups', {
      schemas: [SCIM_SCHEMAS.group, 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group'],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Entra Vertrieb',
      meta: { resourceType: 'Group' },
    });
    expect(group.statusCode, group.body).toBe(201);
    const g = json(group);
    expect(g).toMatchObject({ displayName: 'Entra Vertrieb', externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159', members: [] });
    const byName = json(await scim('GET', `/Groups${filter('displayName eq "Entra Vertrieb"')}&excludedAttributes=members`));
    expect(byName.totalResults).toBe(1);
    expect(byName.Resources[0]).not.toHaveProperty('members');
    const other = json(await scim('GET', `/Users${filter('userName eq "fuhrpark@stadtwerke.test"')}`)).Resources[0];
    const add = await scim('PATCH', `/Groups/${g.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: user.id }, { value: other.id }] }],
    });
    expect(add.statusCode, add.body).toBe(204);
    const withMembers = json(await scim('GET', `/Groups/${g.id}`));
    expect(withMembers.members.map((m: { value: string }) => m.value).sort()).toEqual([user.id, other.id].sort());
    const member = json(
      await scim('GET', `/Groups${filter(`id eq "${g.id}" and members.value eq "${user.id}"`)}&excludedAttributes=members`),
    );
    expect(member.totalResults).toBe(1);
    expect(
      (
        await scim('PATCH', `/Groups/${g.id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: user.id }] }],
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await scim('PATCH', `/Groups/${g.id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'remove', path: `members[value eq "${other.id}"]` }],
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await scim('PATCH', `/Groups/${g.id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'Replace', path: 'displayName', value: 'Entra Vertrieb Nord' }],
        })
      ).statusCode,
    ).toBe(204);
    const renamed = json(await scim('GET', `/Groups/${g.id}`));
    expect(renamed).toMatchObject({ displayName: 'Entra Vertrieb Nord', members: [] });
    expect((await rows<{ name: string }>(sql`select name from groups where id = ${g.id}::uuid`))[0]!.name).toBe('Entra Vertrieb Nord');
    const groupTrail = await rows<{ changes: { field: string; old: string | null; new: string | null }[] }>(
      sql`select changes from audit_log where subject_type = 'gruppe' and subject_id = ${g.id} order by id`,
    );
    expect(groupTrail.flatMap((e) => e.changes.map((c) => c.field))).toEqual([
      'Name',
      'externalId',
      'Mitglied',
      'Mitglied',
      'Mitglied',
      'Mitglied',
      'Name',
    ]);
    expectScimError(
      await scim('PATCH', `/Groups/${g.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: foreign.userId }] }],
      }),
      400,
      'invalidValue',
      `Die Person „${foreign.userId}“ gibt es in diesem Mandanten nicht; sie kann nicht Mitglied werden.`,
    );

    // User delete: deactivated, and gone from SCIM.
    expect((await scim('DELETE', `/Users/${user.id}`)).statusCode).toBe(204);
    expectScimError(await scim('GET', `/Users/${user.id}`), 404, null, 'Diese Person gibt es in diesem Mandanten nicht.');
    expect(json(await scim('GET', `/Users${filter(`userName eq "${body.userName}"`)}`)).totalResults).toBe(0);
    expect((await rows<{ status: string }>(sql`select status from users where id = ${user.id}::uuid`))[0]!.status).toBe('inaktiv');
    // The same userName again brings the same person back.
    const again = await scim('POST', '/Users', body);
    expect(again.statusCode, again.body).toBe(201);
    expect(json(again).id).toBe(user.id);
    expect(json(again).active).toBe(true);

    expect((await scim('DELETE', `/Groups/${g.id}`)).statusCode).toBe(204);
    expectScimError(await scim('GET', `/Groups/${g.id}`), 404, null, 'Diese Gruppe gibt es in diesem Mandanten nicht.');
  });

  it('deactivating over SCIM ends the person’s sessions at once and cancels their future bookings, as an admin’s deactivation does', async () => {
    const session = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: session })).statusCode).toBe(200);
    const person = json(await scim('GET', `/Users${filter('userName eq "mitarbeiter@stadtwerke.test"')}`)).Resources[0];
    const open = async () =>
      (
        await rows<{ n: number }>(sql`
          select count(*)::int as n from vehicle_bookings
           where driver_id = ${person.id}::uuid and von > now() and status not in ('storniert', 'durchgeführt', 'aktiv')`)
      )[0]!.n;
    const before = await open();
    expect(before).toBeGreaterThan(0);
    const res = await scim('PATCH', `/Users/${person.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: session })).statusCode).toBe(401);
    expect(await open()).toBe(0);
    const cancelled = await rows<{ n: number }>(
      sql`select count(*)::int as n from vehicle_bookings where driver_id = ${person.id}::uuid and cancel_reason = ${REASON}`,
    );
    expect(cancelled[0]!.n).toBe(before);
    const mails = await rows<{ subject: string }>(
      sql`select subject from mail_outbox where "to" = 'mitarbeiter@stadtwerke.test' and subject like '%storniert%'`,
    );
    expect(mails).toHaveLength(1);
    // The person Buchbar had is now named by the provider: its userName stays their address.
    expect(json(await scim('GET', `/Users/${person.id}`))).toMatchObject({ userName: 'mitarbeiter@stadtwerke.test', active: false });
  });

  it('pages with startIndex and count', async () => {
    const all = json(await scim('GET', '/Users?count=0'));
    expect(all.Resources).toEqual([]);
    expect(all.totalResults).toBeGreaterThan(3);
    const first = json(await scim('GET', '/Users?startIndex=1&count=2'));
    const second = json(await scim('GET', '/Users?startIndex=3&count=2'));
    expect(first).toMatchObject({ startIndex: 1, itemsPerPage: 2, totalResults: all.totalResults });
    expect(second).toMatchObject({ startIndex: 3, totalResults: all.totalResults });
    const ids = [...first.Resources, ...second.Resources].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const past = json(await scim('GET', `/Users?startIndex=${all.totalResults + 10}&count=5`));
    expect(past).toMatchObject({ totalResults: all.totalResults, itemsPerPage: 0, Resources: [] });
    const groups = json(await scim('GET', '/Groups?count=1'));
    expect(groups.itemsPerPage).toBe(1);
  });

  it('sorts by sortBy and sortOrder, without regard to case and with the schema’s URN, and refuses what it cannot sort by', async () => {
    const names = (list: { Resources: { userName: string }[] }) => list.Resources.map((r) => r.userName);
    const asc = json(await scim('GET', '/Users?sortBy=userName&count=200'));
    const lower = names(asc).map((n) => n.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    const desc = json(
      await scim('GET', `/Users?sortBy=${encodeURIComponent(`${SCIM_SCHEMAS.user}:UserName`)}&sortOrder=Descending&count=200`),
    );
    expect(names(desc)).toEqual([...names(asc)].reverse());
    // Pages of a sorted list neither overlap nor leave anyone out.
    const paged = [
      ...json(await scim('GET', '/Users?sortBy=name.familyName&startIndex=1&count=2')).Resources,
      ...json(await scim('GET', '/Users?sortBy=name.familyName&startIndex=3&count=2')).Resources,
    ].map((r: { id: string }) => r.id);
    const whole = json(await scim('GET', '/Users?sortBy=name.familyName&count=4')).Resources.map((r: { id: string }) => r.id);
    expect(paged).toEqual(whole);
    const groups = json(await scim('GET', '/Groups?sortBy=displayName&sortOrder=descending&excludedAttributes=members')).Resources.map(
      (g: { displayName: string }) => g.displayName.toLowerCase(),
    );
    expect(groups).toEqual([...groups].sort().reverse());
    expectScimError(
      await scim('GET', '/Users?sortBy=password'),
      400,
      'invalidValue',
      'Nach „password“ kann Buchbar nicht sortieren. Möglich sind: userName, name.givenName, name.familyName, displayName, emails.value, externalId, meta.created, meta.lastModified, id.',
    );
    expectScimError(
      await scim('GET', '/Groups?sortBy=members', undefined, { headers: { 'accept-language': 'en-US' } }),
      400,
      'invalidValue',
      'Buchbar cannot sort by "members". Possible are: displayName, externalId, meta.created, meta.lastModified, id.',
    );
    expectScimError(
      await scim('GET', '/Users?sortBy=userName&sortOrder=up'),
      400,
      'invalidValue',
      '„sortOrder“ ist „ascending“ oder „descending“, nicht „up“.',
    );
  });

  it('versions every resource: ETag and meta.version, 304 for an unchanged If-None-Match, 412 for a stale If-Match, whoever changed it', async () => {
    const created = await scim('POST', '/Users', {
      schemas: [SCIM_SCHEMAS.user],
      userName: 'etag.probe@stadtwerke.test',
      name: { givenName: 'Eta', familyName: 'Probe' },
      emails: [{ value: 'etag.probe@stadtwerke.test', primary: true }],
      active: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = json(created);
    const v1 = user.meta.version as string;
    expect(v1).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    expect(created.headers.etag).toBe(v1);
    const read = await scim('GET', `/Users/${user.id}`);
    expect(read.headers.etag).toBe(v1);
    const unchanged = await scim('GET', `/Users/${user.id}`, undefined, { headers: { 'if-none-match': v1 } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // A projection keeps the resource's version.
    expect((await scim('GET', `/Users/${user.id}?attributes=userName`)).headers.etag).toBe(v1);

    const rename = (family: string, ifMatch?: string) =>
      scim(
        'PATCH',
        `/Users/${user.id}`,
        { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'name.familyName', value: family }] },
        ifMatch ? { headers: { 'if-match': ifMatch } } : {},
      );
    const patched = await rename('Probe-Neu', v1);
    expect(patched.statusCode, patched.body).toBe(200);
    const v2 = json(patched).meta.version as string;
    expect(v2).not.toBe(v1);
    expect(patched.headers.etag).toBe(v2);
    // The provider read v1; the name changed since: its change is refused and nothing is written.
    expectScimError(
      await rename('Veraltet', v1),
      412,
      null,
      'Die Ressource wurde geändert, seit sie gelesen wurde (If-Match passt nicht zur Version). Bitte lesen Sie sie neu und wiederholen Sie die Änderung.',
    );
    expect(json(await scim('GET', `/Users/${user.id}`)).name.familyName).toBe('Probe-Neu');
    expect((await scim('GET', `/Users/${user.id}`, undefined, { headers: { 'if-none-match': v1 } })).statusCode).toBe(200);
    // An admin's change under /admin/benutzer changes the version too.
    await t.database.db.execute(sql`update users set first_name = 'Etta' where id = ${user.id}::uuid`);
    const v3 = (await scim('GET', `/Users/${user.id}`)).headers.etag as string;
    expect(v3).not.toBe(v2);
    expectScimError(await scim('DELETE', `/Users/${user.id}`, undefined, { headers: { 'if-match': v2 } }), 412, null);
    expect((await scim('DELETE', `/Users/${user.id}`, undefined, { headers: { 'if-match': '*' } })).statusCode).toBe(204);

    // Groups: the members count into the version, also when the list leaves them out.
    const g = json(await scim('POST', '/Groups', { schemas: [SCIM_SCHEMAS.group], displayName: 'ETag-Probe' }));
    const g1 = g.meta.version as string;
    const [member] = json(await scim('GET', '/Users?count=1')).Resources;
    const add = await scim(
      'PATCH',
      `/Groups/${g.id}`,
      { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: member.id }] }] },
      { headers: { 'if-match': g1 } },
    );
    expect(add.statusCode, add.body).toBe(204);
    const g2 = (await scim('GET', `/Groups/${g.id}?excludedAttributes=members`)).headers.etag as string;
    expect(g2).not.toBe(g1);
    expect((await scim('GET', `/Groups/${g.id}`)).headers.etag).toBe(g2);
    expectScimError(
      await scim('PUT', `/Groups/${g.id}`, { schemas: [SCIM_SCHEMAS.group], displayName: 'Alt' }, { headers: { 'if-match': g1 } }),
      412,
      null,
    );
    expect((await scim('DELETE', `/Groups/${g.id}`, undefined, { headers: { 'if-match': g2 } })).statusCode).toBe(204);
  });

  it('answers /Me with 501: a provisioning token stands for no person', async () => {
    expectScimError(
      await scim('GET', '/Me'),
      501,
      null,
      '„/Me“ gibt es nur für angemeldete Personen; ein Provisionierungs-Token steht für keine Person. Bitte fragen Sie /Users ab.',
    );
    expectScimError(
      await scim('GET', '/Me', undefined, { headers: { 'accept-language': 'en' } }),
      501,
      null,
      '"/Me" exists for signed-in people only; a provisioning token stands for no person. Please query /Users.',
    );
    expectScimError(await scim('GET', '/Me', undefined, { bearer: null }), 401, null);
  });

  it('describes itself: ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const config = json(await scim('GET', '/ServiceProviderConfig'));
    expect(config).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      sort: { supported: true },
      etag: { supported: true },
    });
    expect(json(await scim('GET', '/ResourceTypes')).Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    expect(json(await scim('GET', '/ResourceTypes/Group')).endpoint).toBe('/Groups');
    const schemas = json(await scim('GET', '/Schemas'));
    expect(schemas.Resources.map((s: { id: string }) => s.id)).toEqual([SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterprise, SCIM_SCHEMAS.group]);
    expect(json(await scim('GET', `/Schemas/${SCIM_SCHEMAS.user}`)).name).toBe('User');
  });

  it('answers malformed requests with a 400 in SCIM’s error schema and a sentence, in German and in English', async () => {
    expectScimError(
      await scim('POST', '/Users', '{"schemas": [', {}),
      400,
      'invalidSyntax',
      'Der Inhalt der Anfrage ist kein gültiges JSON.',
    );
    expectScimError(
      await scim('POST', '/Users', '{"schemas": [', { headers: { 'accept-language': 'en-US,en;q=0.9' } }),
      400,
      'invalidSyntax',
      'The body of the request is not valid JSON.',
    );
    const plainJson = await t.call(SW, {
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{broken',
    });
    expectScimError(plainJson, 400, 'invalidSyntax', 'Der Inhalt der Anfrage ist kein gültiges JSON.');
    expectScimError(await scim('GET', `/Users${filter('userName sw "a"')}`), 400, 'invalidFilter');
    expectScimError(
      await scim('GET', `/Users${filter('userName eq')}`),
      400,
      'invalidFilter',
      'Den Filter „userName eq“ versteht Buchbar nicht.',
    );
    expectScimError(await scim('GET', `/Groups${filter('members.display eq "x"')}`), 400, 'invalidFilter');
    expectScimError(
      await scim('POST', '/Users', { schemas: [SCIM_SCHEMAS.group], userName: 'x@y.de' }),
      400,
      'invalidSyntax',
      `Die Anfrage nennt nicht das Schema „${SCIM_SCHEMAS.user}“, das sie hier braucht.`,
    );
    expectScimError(await scim('POST', '/Groups', { schemas: [SCIM_SCHEMAS.user], displayName: 'G' }), 400, 'invalidSyntax');
    const someone = json(await scim('GET', '/Users?count=1')).Resources[0];
    expectScimError(
      await scim('PATCH', `/Users/${someone.id}`, { Operations: [{ op: 'replace', path: 'active', value: false }] }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await scim('PATCH', `/Users/${someone.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'x' }] }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await scim('PATCH', `/Users/${someone.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'active', value: 'vielleicht' }],
      }),
      400,
      'invalidValue',
      '„active“ muss true oder false sein.',
    );
    expectScimError(await scim('GET', '/Users?count=zehn'), 400, 'invalidValue', '„count“ muss eine ganze Zahl sein.');
    expectScimError(await scim('POST', '/Users', { schemas: [SCIM_SCHEMAS.user], userName: 'Nur \u0000 Text' }), 400, 'invalidValue');
    expectScimError(await scim('GET', '/Unbekannt'), 404, null, 'Unter /scim/v2/Unbekannt bietet Buchbar keinen SCIM-Endpunkt an.');
    const wrongType = await t.call(SW, {
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: 'userName=x',
    });
    expectScimError(wrongType, 415, null);
    // Nothing of it was written.
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from users where email = 'x@y.de'`))[0]!.n).toBe(0);
  });

  it('refuses a revoked token, another tenant’s token, no token and a session cookie with 401', async () => {
    const unauthorised = 'Das Provisionierungs-Token fehlt, ist ungültig, abgelaufen oder widerrufen.';
    const made = await newToken(SW, admin, 'Bald widerrufen');
    expect((await scim('GET', '/Users?count=1', undefined, { bearer: made.secret })).statusCode).toBe(200);
    const revoked = await t.call(SW, { method: 'DELETE', url: `/api/admin/tenant/scim-tokens/${made.token.id}`, cookie: admin });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const res = await scim('GET', '/Users?count=1', undefined, { bearer: made.secret });
    expectScimError(res, 401, null, unauthorised);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="SCIM"');
    expectScimError(await scim('GET', '/Users', undefined, { bearer: foreignToken }), 401, null, unauthorised);
    expectScimError(await scim('GET', '/Users', undefined, { bearer: null }), 401, null, unauthorised);
    expectScimError(await t.call(SW, { method: 'GET', url: '/scim/v2/Users', cookie: admin }), 401, null, unauthorised);
    expectScimError(await scim('GET', '/Users', undefined, { bearer: `bbr_${'A'.repeat(43)}` }), 401, null, unauthorised);
    // The foreign token counts on its own tenant's host only.
    expect((await scim('GET', '/Users?count=1', undefined, { host: BIB, bearer: foreignToken })).statusCode).toBe(200);
    const trail = await rows<{ action: string }>(
      sql`select action from audit_log where subject_type = 'scim_token' and subject_id = ${made.token.id} order by id`,
    );
    expect(trail.map((e) => e.action)).toEqual(['anlegen', 'ändern']);
  });

  it('never reaches another tenant’s people or groups by their ids: 404, nothing changed', async () => {
    const before = await rows<{ first_name: string; status: string }>(
      sql`select first_name, status from users where id = ${foreign.userId}::uuid`,
    );
    const user = { schemas: [SCIM_SCHEMAS.user], userName: 'x@bib.test', name: { givenName: 'Über', familyName: 'Nommen' }, active: false };
    const patch = { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] };
    expectScimError(await scim('GET', `/Users/${foreign.userId}`), 404, null);
    expectScimError(await scim('PUT', `/Users/${foreign.userId}`, user), 404, null);
    expectScimError(await scim('PATCH', `/Users/${foreign.userId}`, patch), 404, null);
    expectScimError(await scim('DELETE', `/Users/${foreign.userId}`), 404, null);
    expectScimError(await scim('GET', `/Groups/${foreign.groupId}`), 404, null);
    expectScimError(
      await scim('PUT', `/Groups/${foreign.groupId}`, { schemas: [SCIM_SCHEMAS.group], displayName: 'Übernommen' }),
      404,
      null,
    );
    expectScimError(
      await scim('PATCH', `/Groups/${foreign.groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'displayName', value: 'Ü' }],
      }),
      404,
      null,
    );
    expectScimError(await scim('DELETE', `/Groups/${foreign.groupId}`), 404, null);
    expect(json(await scim('GET', `/Users${filter(`id eq "${foreign.userId}"`)}`)).totalResults).toBe(0);
    expect(json(await scim('GET', `/Groups${filter(`id eq "${foreign.groupId}"`)}`)).totalResults).toBe(0);
    expect(await rows(sql`select first_name, status from users where id = ${foreign.userId}::uuid`)).toEqual(before);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from groups where id = ${foreign.groupId}::uuid`))[0]!.n).toBe(1);
    // A garbage id is a 404 as well, or a 400 for a character no text may carry; never a 500.
    expectScimError(await scim('GET', '/Users/..%2F..%2Fetc'), 404, null);
    expectScimError(await scim('GET', '/Users/%00'), 400, 'invalidValue');
    expectScimError(await scim('GET', '/Users/nicht-da'), 404, null);
  });

  it('limits each token to its requests a minute, across nodes, with 429 and Retry-After', async () => {
    const made = await newToken(SW, admin, 'Gedrosselt');
    await t.database.db.execute(sql`
      insert into rate_limit_hits (key, hits, reset_at) values (${`scim-token|${made.token.id}`}, 3000, clock_timestamp() + interval '1 minute')`);
    const res = await scim('GET', '/Users?count=1', undefined, { bearer: made.secret });
    expectScimError(
      res,
      429,
      null,
      'Mit diesem Provisionierungs-Token kamen in der letzten Minute zu viele Anfragen. Bitte warten Sie einen Moment.',
    );
    expect(res.headers['retry-after']).toBe('60');
  });

  /**
   * The SCIM routes are outside the cookie session and the authorization matrix of /api (decision 229):
   * every route of the endpoint, found in the app's own route table, refuses a request without the tenant's token.
   */
  it('guards every route under /scim/v2 by the provisioning token alone, outside the cookie session', async () => {
    const routes = t.app.scimRoutes.map((r) => ({ method: r.method, url: r.url.replace(/:id/g, foreign.userId) }));
    expect(routes.length).toBeGreaterThanOrEqual(18);
    // None of them is in the /api matrix; each is a route of the SCIM plugin.
    expect(t.app.apiRoutes.some((r) => r.url.startsWith('/scim'))).toBe(false);
    for (const r of routes) {
      for (const who of [{ cookie: admin }, { headers: { authorization: `Bearer ${foreignToken}` } }]) {
        const res = await t.call(SW, { method: r.method as 'GET', url: r.url, ...who });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
        expect(JSON.parse(res.body).schemas).toEqual([SCIM_SCHEMAS.error]);
      }
    }
    // The OpenAPI document of /api does not list them.
    const doc = (await t.call(SW, { method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/scim'))).toEqual([]);
  });
});
