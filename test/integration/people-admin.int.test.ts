import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { extractLink, startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const TOUR = 'tourismus.localhost';

describe.each(DB_KINDS)('people administration on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;

  const call = (cookie: string, method: string, url: string, payload?: object, host = SW) =>
    t.call(host, { method: method as 'GET', url, cookie, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    admin = await t.login(SW, 'admin@stadtwerke.test');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('searches, sorts and pages on the server', async () => {
    const all = (await call(admin, 'GET', '/api/users?pageSize=200')).json();
    expect(all.total).toBe(all.users.length);
    const page1 = (await call(admin, 'GET', '/api/users?pageSize=2&page=1&sort=email&dir=desc')).json();
    const page2 = (await call(admin, 'GET', '/api/users?pageSize=2&page=2&sort=email&dir=desc')).json();
    expect(page1.total).toBe(all.total);
    const emails = [...page1.users, ...page2.users].map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(new Set(emails).size).toBe(4);
    const found = (await call(admin, 'GET', '/api/users?search=FUHRPARK')).json();
    expect(found.users.map((u: { email: string }) => u.email)).toEqual(['fuhrpark@stadtwerke.test']);
    expect((await call(admin, 'GET', '/api/users?search=%25')).json().total).toBe(0);
    expect((await call(admin, 'GET', '/api/users?sort=passwort')).statusCode).toBe(400);
  });

  it('creates a person in a group, mails the invitation, and the person sets a password and signs in with the group’s rights', async () => {
    const groups = (await call(admin, 'GET', '/api/admin/groups')).json().groups as { id: string; name: string }[];
    const all = groups.find((g) => g.name === 'Alle Mitarbeitenden')!;
    const departments = (await call(admin, 'GET', '/api/admin/departments')).json().departments as { id: string; name: string }[];
    const res = await call(admin, 'POST', '/api/users', {
      firstName: 'Nora',
      lastName: 'Neu',
      email: 'nora.neu@stadtwerke.test',
      employeeId: 'P-4711',
      departmentId: departments[0]?.id ?? null,
      groupIds: [all.id],
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const mail = await smtp.waitFor('nora.neu@stadtwerke.test', 'Ihre Einladung');
    const link = new URL(extractLink(mail.text, '/leseraum/passwort'));
    const set = await t.call(SW, {
      method: 'POST',
      url: '/api/session/password/reset',
      payload: { token: link.searchParams.get('token')!, password: 'NoraNeu2026!' },
    });
    expect(set.statusCode).toBe(200);
    const nora = await t.login(SW, 'nora.neu@stadtwerke.test', 'NoraNeu2026!');
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: nora })).json().permissions).toEqual(['fahrzeug_buchen']);

    const again = await call(admin, 'POST', '/api/users', { firstName: 'N', lastName: 'N', email: 'NORA.NEU@stadtwerke.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'Eine Person mit der E-Mail-Adresse NORA.NEU@stadtwerke.test gibt es in diesem Mandanten bereits.',
    );

    const detail = (await call(admin, 'GET', `/api/users/${id}`)).json();
    expect(detail.user).toMatchObject({ employeeId: 'P-4711', status: 'aktiv' });
    expect(detail.effective).toEqual([
      { permission: 'fahrzeug_buchen', via: [{ kind: 'group', group: 'Alle Mitarbeitenden', role: 'Buchende' }] },
    ]);
  });

  it('sets roles, groups and direct permissions and shows where each effective right comes from', async () => {
    const users = (await call(admin, 'GET', '/api/users?search=pruefer')).json().users as { id: string }[];
    const id = users[0]!.id;
    const roles = (await call(admin, 'GET', '/api/admin/roles')).json().roles as { id: string; name: string }[];
    const fleet = roles.find((r) => r.name === 'Fuhrparkleitung')!;
    const pruefer = await t.login(SW, 'pruefer@stadtwerke.test');
    const saved = await call(admin, 'PUT', `/api/users/${id}/access`, {
      roleIds: [fleet.id],
      groupIds: [],
      permissions: [
        { name: 'fahrzeug_fuehrerscheinpruefung', value: 'true' },
        { name: 'fahrzeug_pflege', value: 'true' },
      ],
    });
    expect(saved.json()).toEqual({ ok: true, message: 'Die Rechte wurden gespeichert.' });
    const detail = (await call(admin, 'GET', `/api/users/${id}`)).json();
    expect(detail.effective.find((e: { permission: string }) => e.permission === 'fahrzeug_pflege').via).toEqual([
      { kind: 'direct' },
      { kind: 'role', role: 'Fuhrparkleitung' },
    ]);
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: pruefer })).json().permissions).toContain('fahrzeug_pflege');
    const trail = (await call(admin, 'GET', '/api/admin/audit?subjectType=benutzer&pageSize=1')).json();
    expect(trail.entries[0].changes).toContainEqual({ field: 'Rollen', old: null, new: 'Fuhrparkleitung' });
    const bad = await call(admin, 'PUT', `/api/users/${id}/access`, {
      roleIds: [],
      groupIds: [],
      permissions: [{ name: 'x', value: 'ja' }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('edits department and employee id with an audit entry; deactivating ends the sessions at once', async () => {
    const users = (await call(admin, 'GET', '/api/users?search=freigabe')).json().users as { id: string }[];
    const id = users[0]!.id;
    const freigabe = await t.login(SW, 'freigabe@stadtwerke.test');
    const patched = await call(admin, 'PATCH', `/api/users/${id}`, { employeeId: 'F-1', status: 'inaktiv' });
    expect(patched.json()).toMatchObject({ employeeId: 'F-1', status: 'inaktiv' });
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: freigabe })).statusCode).toBe(401);
    const unknown = await call(admin, 'PATCH', `/api/users/${id}`, { departmentId: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f' });
    expect(unknown.json().error.message).toBe('Diese Abteilung gibt es nicht.');
    const trail = (await call(admin, 'GET', '/api/admin/audit?subjectType=benutzer&pageSize=1')).json();
    expect(trail.entries[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'Status', old: 'aktiv', new: 'inaktiv' },
        { field: 'Personalnummer', old: 'SW-1003', new: 'F-1' },
      ]),
    );
  });

  it("never shows or changes another tenant's people", async () => {
    const tour = await t.login(TOUR, 'admin@tourismus.test');
    const sw = (await call(admin, 'GET', '/api/users?search=mitarbeiter')).json().users[0].id as string;
    expect((await call(tour, 'GET', `/api/users/${sw}`, undefined, TOUR)).statusCode).toBe(404);
    expect((await call(tour, 'PATCH', `/api/users/${sw}`, { status: 'inaktiv' }, TOUR)).statusCode).toBe(404);
    expect((await call(tour, 'PUT', `/api/users/${sw}/access`, { roleIds: [], groupIds: [], permissions: [] }, TOUR)).statusCode).toBe(404);
    const listed = (await call(tour, 'GET', '/api/users?search=stadtwerke&pageSize=200', undefined, TOUR)).json();
    expect(listed.total).toBe(0);
    const status = (await t.database.db.execute(sql`select status from users where id = ${sw}::uuid`)) as unknown as {
      rows: { status: string }[];
    };
    expect(status.rows[0]!.status).toBe('aktiv');
  });
});
