import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dir = () => mkdtempSync(path.join(tmpdir(), 'buchbar-config-'));

describe('loadConfig', () => {
  it('has safe defaults: port 3000, ./data, PGlite, mails to the outbox', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeNull();
    expect(c.smtpUrl).toBeNull();
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('generates APP_SECRET once in development and keeps it in the data dir', () => {
    const d = dir();
    const first = loadConfig({ DATA_DIR: d });
    expect(first.appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(d, 'app-secret'), 'utf8')).toBe(first.appSecret);
    expect(loadConfig({ DATA_DIR: d }).appSecret).toBe(first.appSecret);
  });

  it('refuses to start in production without APP_SECRET, with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir() })).toThrow(/APP_SECRET fehlt/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'kurz' })).toThrow(
      'APP_SECRET ist zu kurz: mindestens 32 Zeichen sind nötig.',
    );
  });

  it('trusts no reverse proxy unless TRUST_PROXY names it, and refuses one it cannot read', () => {
    expect(loadConfig({ DATA_DIR: dir() }).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual({ kind: 'addresses', addresses: ['127.0.0.1'] });
    expect(() => loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'true' })).toThrow(ConfigError);
  });

  it('takes DATABASE_URL, SMTP_URL, PORT and PUBLIC_URL from the environment', () => {
    const c = loadConfig({
      DATA_DIR: dir(),
      DATABASE_URL: 'postgres://x@h/db',
      SMTP_URL: 'smtp://m:25',
      PORT: '8080',
      PUBLIC_URL: 'https://buchbar.example/',
    });
    expect(c).toMatchObject({ databaseUrl: 'postgres://x@h/db', smtpUrl: 'smtp://m:25', port: 8080, publicUrl: 'https://buchbar.example' });
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'abc' })).toThrow('PORT ist keine gültige Portnummer: abc');
  });
});
