import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from '@test/support/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDBOOK_SHOTS } from '../../scripts/docs/handbook-shots';

const DIR = path.resolve(import.meta.dirname, '../../docs/handbuch');
const HOST = 'stadtwerke.localhost';
const pages = readdirSync(DIR).filter((f) => f.endsWith('.md'));
const slugOf = (file: string) => (file === 'README.md' ? '' : `/${file.slice(0, -3)}`);

describe('the user handbook under /handbuch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves every page of docs/handbuch as a German HTML page', async () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'buchende.md', 'fuhrparkleitung.md', 'freigabe.md']));
    for (const file of pages) {
      const res = await t.call(HOST, { method: 'GET', url: `/handbuch${slugOf(file)}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<html lang="de">');
      const title = /^#\s+(.+)$/m.exec(readFileSync(path.join(DIR, file), 'utf8'))![1]!;
      expect(res.body).toContain(`<h1>${title}</h1>`);
    }
  });

  it('has no dead link and no missing picture, and every picture is one the screenshot script takes', async () => {
    const pictures = new Set<string>();
    for (const file of pages) {
      const html = (await t.call(HOST, { method: 'GET', url: `/handbuch${slugOf(file)}` })).body;
      for (const [, href] of html.matchAll(/<a href="(\/handbuch[^"#]*)/g)) {
        expect((await t.call(HOST, { method: 'GET', url: href! })).statusCode, `${file} → ${href}`).toBe(200);
      }
      for (const [, src] of html.matchAll(/<img src="([^"]+)"/g)) {
        const res = await t.call(HOST, { method: 'GET', url: src! });
        expect(res.statusCode, `${file} → ${src}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        pictures.add(path.basename(src!, '.png'));
      }
    }
    expect([...pictures].sort()).toEqual(HANDBOOK_SHOTS.map((s) => s.name).sort());
  });

  it('links the help dialogs to pages that exist', async () => {
    const dialog = readFileSync(path.resolve(import.meta.dirname, '../../src/web/components/help-dialog.tsx'), 'utf8');
    const targets = [...dialog.matchAll(/'(\/handbuch\/[a-z0-9-]+)(#[a-z0-9-]+)?'/g)];
    expect(targets.length).toBeGreaterThan(0);
    for (const [, page, anchor] of targets) {
      const res = await t.call(HOST, { method: 'GET', url: page! });
      expect(res.statusCode).toBe(200);
      if (anchor) expect(res.body).toContain(`id="${anchor.slice(1)}"`);
    }
  });

  it('answers anything that is not a page or picture of the handbook with 404', async () => {
    for (const url of [
      '/handbuch/gibt-es-nicht',
      '/handbuch/..%2F..%2FREADME',
      '/handbuch/bilder/..%2Fbuchende.md',
      '/handbuch/bilder/x.svg',
    ]) {
      const res = await t.call(HOST, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Buchbar ist eine');
    }
  });
});
