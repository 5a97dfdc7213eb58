import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const TOUR = 'tourismus.localhost';

describe.each(DB_KINDS)('roles, groups and the audit trail on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let pruefer: string;
  let prueferId: string;

  const call = (cookie: string, method: string, url: string, payload?: object, host = SW) =>
    t.call(host, { method: method as 'GET', url, cookie, ...(payload ? { payload } : {}) });
  const me = async (cookie: string) => (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie })).json().permissions as string[];
  const auditCount = async () =>
    ((await t.database.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login(SW, 'admin@stadtwerke.test');
    pruefer = await t.login(SW, 'pruefer@stadtwerke.test');
    const users = (await call(admin, 'GET', '/api/users?search=pruefer')).json().users as { id: string; email: string }[];
    prueferId = users.find((u) => u.email === 'pruefer@stadtwerke.test')!.id;
  });
  afterAll(() => t?.close());

  it('refuses the role and group API with the route-guard texts', async () => {
    const mitarbeiter = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const fuhrpark = await t.login(SW, 'fuhrpark@stadtwerke.test');
    expect((await call(mitarbeiter, 'GET', '/api/admin/roles')).json().error).toEqual({ code: 'forbidden', message: 'no admin' });
    const denied = await call(fuhrpark, 'POST', '/api/admin/groups', { name: 'X' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('no rolle/gruppe');
    expect((await t.call(SW, { method: 'GET', url: '/api/admin/groups' })).json().error.message).toBe('Bitte melden Sie sich an.');
  });

  it('lists the fourteen permissions with their German descriptions', async () => {
    const list = (await call(admin, 'GET', '/api/admin/permissions')).json().permissions;
    expect(list).toHaveLength(14);
    expect(list).toContainEqual({ name: 'fahrzeug_buchen', description: 'Fahrzeuge für sich selbst buchen' });
  });

  it('creates a role and a group; a new member holds the right at the next request; deleting asks for confirmation', async () => {
    expect(await me(pruefer)).toEqual(['fahrzeug_fuehrerscheinpruefung']);
    const role = await call(admin, 'POST', '/api/admin/roles', {
      name: 'Poolnutzung',
      permissions: [{ name: 'fahrzeug_buchen', value: 'true' }],
    });
    expect(role.statusCode).toBe(201);
    const roleId = role.json().id as string;
    const dup = await call(admin, 'POST', '/api/admin/roles', { name: 'Poolnutzung' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Eine Rolle mit dem Namen „Poolnutzung“ gibt es bereits.');
    expect((await call(admin, 'POST', '/api/admin/roles', { name: '  ' })).statusCode).toBe(400);

    const group = await call(admin, 'POST', '/api/admin/groups', { name: 'Pool Süd', roleIds: [roleId] });
    expect(group.statusCode).toBe(201);
    const groupId = group.json().id as string;
    expect(group.json().roles).toEqual([{ id: roleId, name: 'Poolnutzung' }]);
    expect((await call(admin, 'PUT', `/api/admin/groups/${groupId}/members/${prueferId}`)).statusCode).toBe(200);
    expect(await me(pruefer)).toEqual(['fahrzeug_buchen', 'fahrzeug_fuehrerscheinpruefung']);

    const detail = (await call(admin, 'GET', `/api/admin/groups/${groupId}`)).json();
    expect(detail.members.map((m: { email: string }) => m.email)).toEqual(['pruefer@stadtwerke.test']);

    const preview = (await call(admin, 'GET', `/api/admin/groups/${groupId}/removal-preview`)).json();
    expect(preview.people).toEqual([{ id: prueferId, name: expect.any(String), lost: ['fahrzeug_buchen'] }]);
    const unconfirmed = await call(admin, 'DELETE', `/api/admin/groups/${groupId}`);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error.message).toBe(
      'Beim Löschen der Gruppe „Pool Süd“ verliert 1 Person Rechte. Bitte bestätigen Sie das Löschen.',
    );
    expect(await me(pruefer)).toContain('fahrzeug_buchen');
    expect((await call(admin, 'DELETE', `/api/admin/groups/${groupId}?confirm=true`)).statusCode).toBe(200);
    expect(await me(pruefer)).toEqual(['fahrzeug_fuehrerscheinpruefung']);

    // a role nobody holds any more goes without confirmation
    expect((await call(admin, 'DELETE', `/api/admin/roles/${roleId}`)).statusCode).toBe(200);
  });

  it('takes a permission out of a role at the next request of everyone holding it', async () => {
    const role = (
      await call(admin, 'POST', '/api/admin/roles', { name: 'Prüfung plus', permissions: [{ name: 'objekt_pflege', value: 'true' }] })
    ).json();
    const group = (await call(admin, 'POST', '/api/admin/groups', { name: 'Prüfteam', roleIds: [role.id] })).json();
    await call(admin, 'PUT', `/api/admin/groups/${group.id}/members/${prueferId}`);
    expect(await me(pruefer)).toContain('objekt_pflege');
    const patched = await call(admin, 'PATCH', `/api/admin/roles/${role.id}`, {
      name: 'Prüfung',
      permissions: [{ name: 'objekt_pflege', value: 'false' }],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().name).toBe('Prüfung');
    expect(await me(pruefer)).not.toContain('objekt_pflege');
    const multi = await call(admin, 'DELETE', `/api/admin/roles/${role.id}`);
    expect(multi.statusCode).toBe(200);
  });

  it('refuses to let an admin take away their own right to keep roles and groups, and writes nothing then', async () => {
    const roles = (await call(admin, 'GET', '/api/admin/roles')).json().roles as { id: string; name: string }[];
    const adminRole = roles.find((r) => r.name === 'Administration')!;
    const before = await auditCount();
    const del = await call(admin, 'DELETE', `/api/admin/roles/${adminRole.id}?confirm=true`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('Sie können sich nicht selbst das Recht entziehen, Rollen und Gruppen zu pflegen.');
    const strip = await call(admin, 'PATCH', `/api/admin/roles/${adminRole.id}`, { name: 'Admin neu', permissions: [] });
    expect(strip.statusCode).toBe(409);
    expect((await call(admin, 'GET', '/api/admin/roles')).json().roles.some((r: { name: string }) => r.name === 'Administration')).toBe(
      true,
    );
    expect(await auditCount()).toBe(before);
  });

  it('writes every change to the audit trail with who, what and old → new, and the trail cannot be altered', async () => {
    const role = (await call(admin, 'POST', '/api/admin/roles', { name: 'Revision' })).json();
    await call(admin, 'PATCH', `/api/admin/roles/${role.id}`, {
      name: 'Revision 2',
      permissions: [{ name: 'buchung_pflege', value: 'true' }],
    });
    const trail = (await call(admin, 'GET', '/api/admin/audit?subjectType=rolle&pageSize=1')).json();
    expect(trail.total).toBeGreaterThanOrEqual(2);
    expect(trail.entries[0]).toMatchObject({
      actorName: expect.any(String),
      action: 'ändern',
      subjectType: 'rolle',
      subjectId: role.id,
      subjectName: 'Revision 2',
      changes: [
        { field: 'Name', old: 'Revision', new: 'Revision 2' },
        { field: 'Berechtigungen', old: null, new: 'buchung_pflege' },
      ],
    });
    await expect(t.database.db.execute(sql`update audit_log set actor_name = 'jemand'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const bad = await call(admin, 'GET', '/api/admin/audit?from=gestern');
    expect(bad.statusCode).toBe(400);
  });

  it('reads the logging table filtered by level, category and period', async () => {
    const tenant = (
      (await t.database.db.execute(sql`select id::text as id from tenants where sub_identifier = 'stadtwerke'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]!.id;
    await t.database.db.execute(sql`insert into logs (tenant_id, level, message, category) values
      (${tenant}::uuid, 'ERROR', 'SMTP nicht erreichbar', 'mail'), (${tenant}::uuid, 'INFO', 'Start', 'system')`);
    const errors = (await call(admin, 'GET', '/api/admin/logs?level=ERROR&category=mail')).json();
    expect(errors.entries.map((e: { message: string }) => e.message)).toContain('SMTP nicht erreichbar');
    expect(errors.entries.every((e: { level: string; category: string }) => e.level === 'ERROR' && e.category === 'mail')).toBe(true);
    const future = (await call(admin, 'GET', `/api/admin/logs?from=${encodeURIComponent('2099-01-01T00:00:00Z')}`)).json();
    expect(future).toEqual({ total: 0, entries: [] });
    expect((await call(admin, 'GET', '/api/admin/logs?level=LAUT')).statusCode).toBe(400);
  });

  it('makes no change whose audit entry cannot be written: change and trail share one transaction', async () => {
    const role = (
      await call(admin, 'POST', '/api/admin/roles', { name: 'Protokollprobe', permissions: [{ name: 'fahrzeug_buchen', value: 'true' }] })
    ).json();
    const group = (await call(admin, 'POST', '/api/admin/groups', { name: 'Protokollgruppe', roleIds: [role.id] })).json();
    const before = await auditCount();
    // The database refuses every new audit entry, as a full disk or a broken trail would.
    await t.database.db.execute(
      sql.raw(
        `create or replace function test_refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`,
      ),
    );
    await t.database.db.execute(
      sql.raw('create trigger test_refuse_audit before insert on audit_log for each row execute function test_refuse_audit()'),
    );
    try {
      expect((await call(admin, 'PUT', `/api/admin/groups/${group.id}/members/${prueferId}`)).statusCode).toBe(500);
      expect(await me(pruefer)).not.toContain('fahrzeug_buchen');
      expect((await call(admin, 'GET', `/api/admin/groups/${group.id}`)).json().members).toEqual([]);
      expect((await call(admin, 'POST', '/api/admin/roles', { name: 'Ohne Protokoll' })).statusCode).toBe(500);
      const names = (await call(admin, 'GET', '/api/admin/roles')).json().roles.map((r: { name: string }) => r.name);
      expect(names).not.toContain('Ohne Protokoll');
      expect((await call(admin, 'PATCH', `/api/admin/roles/${role.id}`, { name: 'Umbenannt', permissions: [] })).statusCode).toBe(500);
      expect((await call(admin, 'DELETE', `/api/admin/groups/${group.id}?confirm=true`)).statusCode).toBe(500);
      expect((await call(admin, 'GET', `/api/admin/groups/${group.id}`)).json().group.name).toBe('Protokollgruppe');
    } finally {
      await t.database.db.execute(sql.raw('drop trigger test_refuse_audit on audit_log'));
    }
    expect(await auditCount()).toBe(before);
    // with the trail writable again, the same change is made, audited and effective at the next request
    expect((await call(admin, 'PUT', `/api/admin/groups/${group.id}/members/${prueferId}`)).statusCode).toBe(200);
    expect(await me(pruefer)).toContain('fahrzeug_buchen');
    expect(await auditCount()).toBe(before + 1);
    expect((await call(admin, 'DELETE', `/api/admin/groups/${group.id}?confirm=true`)).statusCode).toBe(200);
    expect(await me(pruefer)).not.toContain('fahrzeug_buchen');
    expect((await call(admin, 'DELETE', `/api/admin/roles/${role.id}`)).statusCode).toBe(200);
  });

  it('deleting a role held by people asks for confirmation and names who loses which right', async () => {
    const role = (
      await call(admin, 'POST', '/api/admin/roles', { name: 'Rollenprobe', permissions: [{ name: 'objekt_pflege', value: 'true' }] })
    ).json();
    const group = (await call(admin, 'POST', '/api/admin/groups', { name: 'Rollenprobegruppe', roleIds: [role.id] })).json();
    await call(admin, 'PUT', `/api/admin/groups/${group.id}/members/${prueferId}`);
    expect(await me(pruefer)).toContain('objekt_pflege');
    const preview = (await call(admin, 'GET', `/api/admin/roles/${role.id}/removal-preview`)).json();
    expect(preview.people).toEqual([{ id: prueferId, name: expect.any(String), lost: ['objekt_pflege'] }]);
    const unconfirmed = await call(admin, 'DELETE', `/api/admin/roles/${role.id}`);
    expect([unconfirmed.statusCode, unconfirmed.json().error.message]).toEqual([
      409,
      'Beim Löschen der Rolle „Rollenprobe“ verliert 1 Person Rechte. Bitte bestätigen Sie das Löschen.',
    ]);
    expect(await me(pruefer)).toContain('objekt_pflege');
    expect((await call(admin, 'DELETE', `/api/admin/roles/${role.id}?confirm=true`)).statusCode).toBe(200);
    expect(await me(pruefer)).not.toContain('objekt_pflege');
    const trail = (await call(admin, 'GET', '/api/admin/audit?subjectType=rolle&pageSize=1')).json();
    expect(trail.entries[0]).toMatchObject({ action: 'löschen', subjectId: role.id, subjectName: 'Rollenprobe' });
    await call(admin, 'DELETE', `/api/admin/groups/${group.id}?confirm=true`);
  });

  it("never reaches another tenant's roles, groups, people or trail", async () => {
    const role = (await call(admin, 'POST', '/api/admin/roles', { name: 'Nur Stadtwerke' })).json();
    const group = (await call(admin, 'POST', '/api/admin/groups', { name: 'Nur Stadtwerke' })).json();
    const tour = await t.login(TOUR, 'admin@tourismus.test');
    expect((await call(tour, 'PATCH', `/api/admin/roles/${role.id}`, { name: 'Übernommen' }, TOUR)).statusCode).toBe(404);
    expect((await call(tour, 'DELETE', `/api/admin/roles/${role.id}?confirm=true`, undefined, TOUR)).statusCode).toBe(404);
    expect((await call(tour, 'GET', `/api/admin/groups/${group.id}`, undefined, TOUR)).json().error.message).toBe('Gruppe nicht gefunden.');
    expect((await call(tour, 'DELETE', `/api/admin/groups/${group.id}?confirm=true`, undefined, TOUR)).statusCode).toBe(404);
    const own = (await call(tour, 'POST', '/api/admin/groups', { name: 'Empfang' }, TOUR)).json();
    const foreignMember = await call(tour, 'PUT', `/api/admin/groups/${own.id}/members/${prueferId}`, undefined, TOUR);
    expect(foreignMember.json().error.message).toBe('Benutzer nicht gefunden.');
    const foreignRole = await call(tour, 'PATCH', `/api/admin/groups/${own.id}`, { roleIds: [role.id] }, TOUR);
    expect(foreignRole.json().error.message).toBe('Mindestens eine der gewählten Rollen gibt es nicht.');
    const names = (await call(tour, 'GET', '/api/admin/roles', undefined, TOUR)).json().roles.map((r: { name: string }) => r.name);
    expect(names).not.toContain('Nur Stadtwerke');
    const trail = (await call(tour, 'GET', '/api/admin/audit?pageSize=200', undefined, TOUR)).json();
    expect(trail.entries.every((e: { subjectName: string }) => e.subjectName !== 'Nur Stadtwerke')).toBe(true);
  });
});
