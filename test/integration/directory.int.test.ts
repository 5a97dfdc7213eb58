import { LOGIN_FAILED } from '@server/areas/session/sign-in';
import { rowsOf } from '@server/kernel/rows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { DIRECTORY_PASSWORD, SUFFIX, startTestSlapd, TEST_DIRECTORY_LDIF, type TestSlapd } from '../support/slapd';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const UB = 'bibliothek.localhost';
const PW = DIRECTORY_PASSWORD;
const LDIF = TEST_DIRECTORY_LDIF;

describe.each(DB_KINDS)('LDAP directory: sign-in by bind and sync on %s', (kind) => {
  let t: TestApp;
  let ldap: TestSlapd;
  let admin: string;
  let groupId: string;
  beforeAll(async () => {
    ldap = await startTestSlapd(LDIF);
    t = await startTestApp(kind);
    admin = await t.login(SW, 'admin@stadtwerke.test');
    const [g] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select g.id::text as id from groups g join tenant_domains d on d.tenant_id = g.tenant_id
        where d.domain = ${SW} and g.name = 'Fuhrpark-Team'`),
    );
    groupId = g!.id;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await ldap?.close();
  });

  const settings = (over: Record<string, unknown> = {}) => ({
    kind: 'openldap',
    url: ldap.ldapsUrl,
    startTls: false,
    caCertificate: ldap.caPem,
    bindDn: `cn=buchbar-dienst,${SUFFIX}`,
    bindPassword: 'Dienst-Passwort-1',
    userBaseDn: `ou=people,${SUFFIX}`,
    userFilter: '(objectClass=inetOrgPerson)',
    attributes: { login: 'uid', email: 'mail', firstName: 'givenName', lastName: 'sn', displayName: 'displayName' },
    groupBaseDn: `ou=groups,${SUFFIX}`,
    groupMapping: [{ groupDn: `cn=buchbar,ou=groups,${SUFFIX}`, groupId }],
    disabledFilter: '(description=gesperrt)',
    syncIntervalMinutes: 60,
    ...over,
  });
  const put = (body: unknown, host = SW, cookie = admin) =>
    t.call(host, { method: 'PUT', url: '/api/admin/tenant/directory', payload: body as object, cookie });
  const sync = (host = SW, cookie = admin) => t.call(host, { method: 'POST', url: '/api/admin/tenant/directory/sync', cookie });
  const login = (email: string, password: string, host = SW) =>
    t.call(host, { method: 'POST', url: '/api/session/login', payload: { email, password } });
  const member = async (email: string) =>
    rowsOf<{ status: string; first_name: string; last_name: string; groups: number; dn: string | null }>(
      await t.database.db.execute(sql`select u.status, u.first_name, u.last_name, u.directory_dn as dn,
        (select count(*)::int from user_groups ug where ug.user_id = u.id and ug.group_id = ${groupId}::uuid) as groups
        from users u where lower(u.email) = lower(${email})`),
    )[0];

  it('refuses bad settings with a German sentence and keeps the password out of every answer', async () => {
    const plain = await put(settings({ url: ldap.ldapUrl }));
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.message).toMatch(/unverschlüsselte Verbindung ist nicht erlaubt/);
    const filter = await put(settings({ userFilter: 'objectClass=person' }));
    expect(filter.statusCode).toBe(400);
    expect(filter.json().error.message).toMatch(/Suchfilter ist nicht gültig/);
    const ok = await put(settings());
    expect(ok.statusCode).toBe(200);
    expect(ok.body).not.toContain('Dienst-Passwort-1');
    expect(ok.json().hasBindPassword).toBe(true);
    const [stored] = rowsOf<{ p: string }>(await t.database.db.execute(sql`select bind_password_encrypted as p from tenant_directory`));
    expect(stored!.p).not.toContain('Dienst-Passwort-1');
  });

  it('an unreachable server gives a clear message and changes nothing', async () => {
    expect((await put(settings({ url: 'ldaps://127.0.0.1:1', bindPassword: '' }))).statusCode).toBe(200);
    const res = await sync();
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/Verzeichnisserver ist nicht erreichbar/);
    expect(await member('juergen.muessig@stadtwerke.test')).toBeUndefined();
    expect((await put(settings({ bindPassword: '' }))).statusCode).toBe(200);
  });

  it('creates people with umlauts, resolves nested groups, skips the disabled account; a second run changes nothing', async () => {
    const res = await sync();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, deactivated: 0, membershipsAdded: 2 });
    expect(await member('juergen.muessig@stadtwerke.test')).toMatchObject({
      status: 'aktiv',
      first_name: 'Jürgen',
      last_name: 'Müßig',
      groups: 1,
    });
    // Erika is in the synced group only through the nested group fuhrpark.
    expect(await member('erika.koch@stadtwerke.test')).toMatchObject({ status: 'aktiv', groups: 1 });
    expect(await member('gerd.sperling@stadtwerke.test')).toBeUndefined();
    const again = await sync();
    expect(again.json()).toMatchObject({ created: 0, updated: 0, deactivated: 0, membershipsAdded: 0, membershipsRemoved: 0 });
    const [audits] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where actor_name like '%' and subject_name = 'Jürgen Müßig'`,
      ),
    );
    expect(audits!.n).toBeGreaterThan(0);
  });

  it('signs a directory person in by bind: good password opens a session, a bad one reads like any failed sign-in', async () => {
    const bad = await login('juergen.muessig@stadtwerke.test', 'falsch');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe(LOGIN_FAILED);
    const good = await login('juergen.muessig@stadtwerke.test', PW);
    expect(good.statusCode).toBe(200);
    const cookie = ([] as string[])
      .concat(good.headers['set-cookie'] as string[])
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await t.call(SW, { method: 'GET', url: '/api/session/me', cookie });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).toContain('Müßig');
    // The session counts on the tenant whose directory vouched for it only.
    expect((await t.call(UB, { method: 'GET', url: '/api/session/me', cookie })).statusCode).not.toBe(200);
    expect((await login('juergen.muessig@stadtwerke.test', PW, UB)).statusCode).toBe(401);
  });

  it('updates names, removes the membership of a person moved out, deactivates a disabled one and ends their sessions', async () => {
    const cookie = ([] as string[])
      .concat((await login('erika.koch@stadtwerke.test', PW)).headers['set-cookie'] as string[])
      .map((c) => c.split(';')[0])
      .join('; ');
    await ldap.asRoot(async (c) => {
      const { Change, Attribute } = await import('ldapts');
      await c.modify(`cn=fuhrpark,ou=groups,${SUFFIX}`, [
        new Change({ operation: 'replace', modification: new Attribute({ type: 'member', values: [`cn=buchbar-dienst,${SUFFIX}`] }) }),
      ]);
      await c.modify(`uid=jmuessig,ou=people,${SUFFIX}`, [
        new Change({ operation: 'replace', modification: new Attribute({ type: 'sn', values: ['Müßig-Groß'] }) }),
      ]);
      await c.modify(`uid=ekoch,ou=people,${SUFFIX}`, [
        new Change({ operation: 'add', modification: new Attribute({ type: 'description', values: ['gesperrt'] }) }),
      ]);
    });
    const res = await sync();
    expect(res.json()).toMatchObject({ updated: 1, deactivated: 1, membershipsRemoved: 1 });
    expect(await member('juergen.muessig@stadtwerke.test')).toMatchObject({ last_name: 'Müßig-Groß', groups: 1 });
    expect(await member('erika.koch@stadtwerke.test')).toMatchObject({ status: 'inaktiv', groups: 0 });
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie })).statusCode).toBe(401);
    expect((await login('erika.koch@stadtwerke.test', PW)).statusCode).toBe(401);
  });

  it("another tenant's admin sees and syncs only their own directory", async () => {
    const ub = await t.login(UB, 'admin@bibliothek.test');
    const view = await t.call(UB, { method: 'GET', url: '/api/admin/tenant/directory', cookie: ub });
    expect(view.json()).toMatchObject({ configured: false, url: '' });
    expect((await sync(UB, ub)).statusCode).toBe(404);
    const foreign = await put(settings({ groupMapping: [{ groupDn: `cn=buchbar,ou=groups,${SUFFIX}`, groupId }] }), UB, ub);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toMatch(/Buchbar-Gruppe gibt es in Ihrem Mandanten nicht/);
  });
});
