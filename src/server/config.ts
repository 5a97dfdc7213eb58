import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  appSecret: string;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  production: boolean;
  logLevel: string;
}

export class ConfigError extends Error {}

/**
 * Reads the environment (README "Konfiguration"). In development a missing
 * APP_SECRET is generated once and kept in the data dir so sessions survive a
 * restart; in production it must be given, because a generated one would be
 * lost with the container and silently sign everyone out.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT ist keine gültige Portnummer: ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL?.trim() || null;

  let appSecret = env.APP_SECRET?.trim() ?? '';
  if (!appSecret) {
    if (production) {
      throw new ConfigError(
        'APP_SECRET fehlt. Im Produktivbetrieb (NODE_ENV=production) muss APP_SECRET gesetzt sein (mindestens 32 Zeichen), z. B. mit: openssl rand -hex 32',
      );
    }
    appSecret = readOrCreateSecret(dataDir);
  }
  if (appSecret.length < 32) throw new ConfigError('APP_SECRET ist zu kurz: mindestens 32 Zeichen sind nötig.');

  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    appSecret,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM ?? 'Buchbar <noreply@buchbar.localhost>',
    production,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'info'),
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
