import { undeliveredMails } from '@server/areas/operations/operator-outbox';
import { createTenant, deleteTenant } from '@server/areas/tenant/operator-tenants';
import { extractLink } from '@test/support/smtp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const HAFEN = 'hafen.localhost';

describe.each(DB_KINDS)('the operator creates and deletes a tenant on %s', (kind) => {
  let t: TestApp;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('creates a tenant with a domain and its first admin, who sets a password and signs in on that domain only', async () => {
    await createTenant(
      t.deps,
      {
        name: 'Hafenverwaltung Seestadt',
        subIdentifier: 'hafen',
        domain: HAFEN,
        features: ['fahrzeug'],
        customerName: 'Hafen AG',
        admin: { email: 'chefin@hafen.test', firstName: 'Hanna', lastName: 'Hafen' },
      },
      `http://${HAFEN}:3000`,
    );
    await expect(
      createTenant(
        t.deps,
        {
          name: 'X',
          subIdentifier: 'x',
          domain: 'stadtwerke.localhost',
          features: [],
          admin: { email: 'x@x.test', firstName: 'X', lastName: 'X' },
        },
        'http://x',
      ),
    ).rejects.toThrow('Die Domain „stadtwerke.localhost“ ist bereits vergeben.');

    // without SMTP the invitation waits in the outbox, its link sealed; the operator's `mails` command reads it
    const [stored] = await rows<{ text: string }>(sql`select text from mail_outbox where "to" = 'chefin@hafen.test'`);
    expect(stored!.text).toContain('[Link entfernt]');
    const mail = (await undeliveredMails(t.deps, 'hafen'))!.find((m) => m.to === 'chefin@hafen.test');
    const link = new URL(extractLink(mail!.text, '/leseraum/passwort'));
    expect(link.host).toBe(`${HAFEN}:3000`);
    const reset = await t.call(HAFEN, {
      method: 'POST',
      url: '/api/session/password/reset',
      payload: { token: link.searchParams.get('token'), password: 'Hafen!2026x' },
    });
    expect(reset.statusCode).toBe(200);
    const cookie = await t.login(HAFEN, 'chefin@hafen.test', 'Hafen!2026x');
    const own = (await t.call(HAFEN, { method: 'GET', url: '/api/admin/tenant', cookie })).json();
    expect(own).toMatchObject({ name: 'Hafenverwaltung Seestadt', customerName: 'Hafen AG', features: ['fahrzeug'] });
    expect((await t.call(HAFEN, { method: 'GET', url: '/api/session/me', cookie })).json().permissions).toHaveLength(14);
    // the new admin reaches nothing of another tenant
    expect((await t.call('stadtwerke.localhost', { method: 'GET', url: '/api/admin/tenant', cookie })).statusCode).toBe(401);
    const foreign = await t.call(HAFEN, { method: 'DELETE', url: '/api/admin/tenant/domains/stadtwerke.localhost', cookie });
    expect(foreign.statusCode).toBe(404);
  });

  it('deletes the tenant: domains first, then every row of it; the audit trail stays', async () => {
    expect(await deleteTenant(t.deps, 'hafen')).toBe(true);
    expect(await rows(sql`select 1 from tenants where sub_identifier = 'hafen'`)).toHaveLength(0);
    expect(await rows(sql`select 1 from tenant_domains where domain = ${HAFEN}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from users where email = 'chefin@hafen.test'`)).toHaveLength(0);
    expect(await deleteTenant(t.deps, 'hafen')).toBe(false);
  });
});
