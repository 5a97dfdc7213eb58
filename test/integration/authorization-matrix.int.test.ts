import { readdirSync } from 'node:fs';
import path from 'node:path';
import { MENU, visibleMenu } from '@domain/navigation';
import { ADMIN_ROUTE_RULES, guardRoute, PERMISSIONS } from '@domain/permissions';
import { type Caller, checkAccess, describeAccess } from '@domain/route-access';
import { type ApiRoute, refusalError } from '@server/http/route-access';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const HOSTS: Record<string, { host: string; features: string[] }> = {
  stadtwerke: { host: SW, features: ['fahrzeug', 'leseraum', 'arbeitswelt'] },
  tourismus: { host: 'tourismus.localhost', features: ['fahrzeug', 'gastbuchung'] },
  bibliothek: { host: 'bibliothek.localhost', features: ['leseraum'] },
};

/** The demo accounts of README.md with the permissions the README promises them. */
const DEMO: { email: string; tenant: keyof typeof HOSTS; permissions: readonly string[] }[] = [
  { email: 'admin@stadtwerke.test', tenant: 'stadtwerke', permissions: PERMISSIONS },
  {
    email: 'fuhrpark@stadtwerke.test',
    tenant: 'stadtwerke',
    permissions: ['fahrzeug_pflege', 'fahrzeug_logbuch_report', 'fahrzeug_fremdbuchung', 'fahrzeug_buchen'],
  },
  { email: 'freigabe@stadtwerke.test', tenant: 'stadtwerke', permissions: ['fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_buchen'] },
  { email: 'pruefer@stadtwerke.test', tenant: 'stadtwerke', permissions: ['fahrzeug_fuehrerscheinpruefung'] },
  { email: 'mitarbeiter@stadtwerke.test', tenant: 'stadtwerke', permissions: ['fahrzeug_buchen'] },
  { email: 'admin@tourismus.test', tenant: 'tourismus', permissions: PERMISSIONS },
  { email: 'empfang@tourismus.test', tenant: 'tourismus', permissions: ['fahrzeug_buchen', 'fahrzeug_gastbuchung'] },
  { email: 'admin@bibliothek.test', tenant: 'bibliothek', permissions: PERMISSIONS },
  { email: 'leser@bibliothek.test', tenant: 'bibliothek', permissions: [] },
];

const ANY_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';

/** A request that reaches the route; the event stream gets a too-long filter so an allowed call ends with 400, not an open stream. */
function probe(route: ApiRoute): { method: string; url: string; payload?: object } {
  const url = route.url.replace(/:[A-Za-z]+/g, ANY_ID);
  const method = route.method;
  if (route.url === '/api/events') return { method, url: `${url}?topics=${'x'.repeat(300)}` };
  return method === 'GET' || method === 'DELETE' ? { method, url } : { method, url, payload: {} };
}

interface Outcome {
  status: number;
  code?: string;
  message?: string;
}

function expected(route: ApiRoute, caller: Caller): Outcome | 'through' {
  const result = checkAccess(route.access!, caller);
  if (result.allowed) return 'through';
  const error = refusalError(result.refusal);
  return { status: error.status, code: error.code, message: error.message };
}

describe.each(DB_KINDS)('authorization matrix of every API route on %s', (kind) => {
  const WALK_TIMEOUT = 300_000;
  let t: TestApp;
  let routes: ApiRoute[];
  let subject: { id: string; tenantId: string; cookie: string };

  beforeAll(async () => {
    t = await startTestApp(kind);
    routes = t.app.apiRoutes.filter((r) => r.url !== '/api/session/logout');
    // A member stripped of every role, group and direct right; each permission set is then granted directly.
    const cookie = await t.login(SW, 'pruefer@stadtwerke.test');
    const rows = (await t.database.db.execute(sql`
      select u.id::text as id, u.tenant_id::text as tenant_id from users u where u.email = 'pruefer@stadtwerke.test'`)) as unknown as {
      rows: { id: string; tenant_id: string }[];
    };
    subject = { id: rows.rows[0]!.id, tenantId: rows.rows[0]!.tenant_id, cookie };
    await t.database.db.execute(sql`delete from user_roles where user_id = ${subject.id}::uuid`);
    await t.database.db.execute(sql`delete from user_groups where user_id = ${subject.id}::uuid`);
  });
  afterAll(() => t?.close());

  async function grant(permissions: readonly string[]) {
    await t.database.db.execute(sql`delete from user_permissions where user_id = ${subject.id}::uuid`);
    for (const p of permissions) {
      await t.database.db.execute(
        sql`insert into user_permissions (tenant_id, user_id, permission_name, value) values (${subject.tenantId}::uuid, ${subject.id}::uuid, ${p}, 'true')`,
      );
    }
  }

  async function walk(host: string, cookie: string | undefined, caller: Caller, label: string) {
    const failures: string[] = [];
    for (const route of routes) {
      const want = expected(route, caller);
      const res = await t.call(host, { ...probe(route), ...(cookie ? { cookie } : {}) });
      const body = res.headers['content-type']?.toString().includes('json')
        ? (res.json() as { error?: { code: string; message: string } })
        : {};
      const got = `${res.statusCode} ${body.error?.code ?? ''} ${body.error?.message ?? ''}`;
      if (want === 'through') {
        if (res.statusCode === 401 || res.statusCode === 403 || body.error?.code === 'feature_disabled') {
          failures.push(`${label}: ${route.method} ${route.url} (${describeAccess(route.access!)}) should pass, got ${got}`);
        }
      } else if (
        res.statusCode !== want.status ||
        body.error?.code !== want.code ||
        (want.message && body.error?.message !== want.message)
      ) {
        failures.push(`${label}: ${route.method} ${route.url} should be ${want.status} ${want.code} ${want.message ?? ''}, got ${got}`);
      }
    }
    expect(failures).toEqual([]);
  }

  it('declares the access of every API route as data', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('refuses every non-public route to a visitor without session with 401 and the German text', async () => {
    await walk(SW, undefined, { signedIn: false, operator: false, permissions: new Set(), features: new Set() }, 'ohne Anmeldung');
  });

  // Thousands of requests (every route × every permission set): more than the default minute on a busy machine.
  it('walks every route with no permission and with each single permission', { timeout: WALK_TIMEOUT }, async () => {
    const features = new Set(HOSTS.stadtwerke!.features);
    for (const set of [[], ...PERMISSIONS.map((p) => [p])]) {
      await grant(set);
      await walk(SW, subject.cookie, { signedIn: true, operator: false, permissions: new Set(set), features }, set.join(',') || 'keine');
    }
  });

  it('walks every route with each demo account on its own tenant', { timeout: WALK_TIMEOUT }, async () => {
    for (const demo of DEMO) {
      const { host, features } = HOSTS[demo.tenant]!;
      const cookie = await t.login(host, demo.email);
      await walk(
        host,
        cookie,
        { signedIn: true, operator: false, permissions: new Set(demo.permissions), features: new Set(features) },
        demo.email,
      );
    }
  });
});

/** Paths of the web app's file routes: `_app/admin/benutzer.tsx` is `/admin/benutzer`. */
function webPages(): Set<string> {
  const root = path.resolve('src/web/routes');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.tsx') && !path.basename(f).startsWith('__'),
  );
  return new Set(
    files.map((f) => {
      const segments = f
        .replace(/\.tsx$/, '')
        .split(path.sep)
        .filter((s) => !s.startsWith('_') && s !== 'index');
      return `/${segments.join('/')}`;
    }),
  );
}

describe('the web guard and menu against the same rules', () => {
  const pages = webPages();
  const sets = [[], ...PERMISSIONS.map((p) => [p]), ...DEMO.map((d) => d.permissions)];
  const allFeatures = new Set(['fahrzeug', 'leseraum', 'arbeitswelt', 'gastbuchung']);

  it('guards every admin page with a rule of its own', () => {
    const adminPages = [...pages].filter((p) => p.startsWith('/admin/'));
    expect(adminPages.filter((p) => !ADMIN_ROUTE_RULES.some((r) => r.path === p))).toEqual([]);
  });

  it('never shows a menu entry whose page the guard refuses, for every permission set that matters', () => {
    for (const set of sets) {
      const perms = new Set<string>(set);
      for (const entry of visibleMenu(perms, allFeatures)) expect(guardRoute(entry.path, perms)).toEqual({ allowed: true });
      for (const rule of ADMIN_ROUTE_RULES) {
        const shown = visibleMenu(perms, allFeatures).some((e) => e.path === rule.path);
        if (!shown && MENU.some((e) => e.path === rule.path && !e.feature)) expect(guardRoute(rule.path, perms).allowed).toBe(false);
      }
    }
  });
});
