import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const REASON = 'Storno wegen Deaktivierung des Benutzers';

describe.each(DB_KINDS)('deactivating a person on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const call = (cookie: string, method: string, url: string, payload?: object) =>
    t.call(SW, { method: method as 'GET', url, cookie, ...(payload ? { payload } : {}) });
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const idOf = async (email: string) => (await rows<{ id: string }>(sql`select id::text as id from users where email = ${email}`))[0]!.id;
  const futureOpen = async (userId: string) =>
    (
      await rows<{ n: number }>(sql`
        select count(*)::int as n from vehicle_bookings
         where driver_id = ${userId}::uuid and von > now() and status not in ('storniert', 'durchgeführt', 'aktiv')`)
    )[0]!.n;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login(SW, 'admin@stadtwerke.test');
  });
  afterAll(() => t?.close());

  it('ends the sessions at once and cancels future bookings with one mail, as the default setting says', async () => {
    const person = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const id = await idOf('mitarbeiter@stadtwerke.test');
    const before = await futureOpen(id);
    expect(before).toBeGreaterThan(0);
    const res = await call(admin, 'PATCH', `/api/users/${id}`, { status: 'inaktiv' });
    expect(res.statusCode).toBe(200);
    expect((await call(person, 'GET', '/api/session/me')).statusCode).toBe(401);
    expect(await futureOpen(id)).toBe(0);
    const cancelled = await rows<{ n: number }>(
      sql`select count(*)::int as n from vehicle_bookings where driver_id = ${id}::uuid and cancel_reason = ${REASON}`,
    );
    expect(cancelled[0]!.n).toBe(before);
    const mails = await rows<{ subject: string; text: string }>(
      sql`select subject, text from mail_outbox where "to" = 'mitarbeiter@stadtwerke.test' and subject like '%storniert%'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Buchbar – Ihre Buchungen wurden storniert');
    expect(mails[0]!.text).toContain('Ihr Zugang zu Buchbar wurde deaktiviert.');
  });

  it('keeps future bookings when the tenant chose so', async () => {
    const set = await call(admin, 'PUT', '/api/settings/benutzerDeaktivierungStorniertBuchungen', { layer: 'MANDANT', value: false });
    expect(set.statusCode).toBe(200);
    const id = await idOf('freigabe@stadtwerke.test');
    const before = await futureOpen(id);
    expect((await call(admin, 'PATCH', `/api/users/${id}`, { status: 'inaktiv' })).statusCode).toBe(200);
    expect(await futureOpen(id)).toBe(before);
  });

  it('lists the tenant’s roles, groups and permissions for the person editor, only its own', async () => {
    const options = (await call(admin, 'GET', '/api/admin/access-options')).json();
    expect(options.permissions).toHaveLength(14);
    expect(options.groups.map((g: { name: string }) => g.name)).toContain('Fuhrpark-Team');
    const tour = await t.login('tourismus.localhost', 'admin@tourismus.test');
    const theirs = (await t.call('tourismus.localhost', { method: 'GET', url: '/api/admin/access-options', cookie: tour })).json();
    expect(theirs.groups.map((g: { name: string }) => g.name)).not.toContain('Fuhrpark-Team');
  });
});
