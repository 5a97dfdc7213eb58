import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';

describe.each(DB_KINDS)('request ids on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    cookie = await t.login(SW, 'mitarbeiter@stadtwerke.test');
  });
  afterAll(() => t?.close());

  it('every answer carries an id; a proxy id that looks like one is kept, anything else replaced', async () => {
    const own = await t.call(SW, { method: 'GET', url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.call(SW, { method: 'GET', url: '/api/health', headers: { 'x-request-id': 'nginx-4f2a9c1e77' } });
    expect(kept.headers['x-request-id']).toBe('nginx-4f2a9c1e77');
    const odd = await t.call(SW, { method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b<script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a real fault answers 500 with the request id in the message, German and English', async () => {
    // A fault the code cannot expect: the table behind the own licence is gone for a moment.
    await t.database.db.execute(sql`alter table current_licences rename to current_licences_away`);
    try {
      const de = await t.call(SW, { method: 'GET', url: '/api/driving-licences/me', cookie });
      expect(de.statusCode).toBe(500);
      const id = de.headers['x-request-id'];
      expect(de.json().error.message).toBe(
        `Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut. (Fehlernummer: ${id})`,
      );
      const put = await t.call(SW, { method: 'PUT', url: '/api/session/locale', cookie, payload: { locale: 'en-us' } });
      expect(put.statusCode).toBe(200);
      const en = await t.call(SW, { method: 'GET', url: '/api/driving-licences/me', cookie });
      expect(en.statusCode).toBe(500);
      expect(en.json().error.message).toBe(
        `An internal error occurred. Please try again later. (Error number: ${en.headers['x-request-id']})`,
      );
    } finally {
      await t.database.db.execute(sql`alter table current_licences_away rename to current_licences`);
    }
  });
});
