import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DELIVERY_TIMEOUT_MS } from '@domain/integrations';
import { parseTrustProxy, type TrustedProxies, TrustProxyError } from './http/trusted-proxies';

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
  /** After SIGTERM, how long readiness answers 503 before the server stops accepting (the load balancer's check interval). */
  drainDelayMs: number;
  /** Bearer token for /api/metrics; without it only loopback callers get metrics. */
  metricsToken: string | null;
  /** How often (seconds) the job queue looks for jobs whose node died mid-run and hands them to a living node. */
  jobMaintenanceSeconds: number;
  /** The reverse proxies whose X-Forwarded-* headers count (TRUST_PROXY, decision 188); none unless configured. */
  trustProxy: TrustedProxies;
  /** How long a webhook receiver may take to answer (WEBHOOK_TIMEOUT_MS, decision 213). */
  webhookTimeoutMs: number;
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
    drainDelayMs: nonNegativeInteger(env.DRAIN_DELAY_MS, 0, 'DRAIN_DELAY_MS'),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    jobMaintenanceSeconds: Math.max(1, nonNegativeInteger(env.JOB_MAINTENANCE_SECONDS, 120, 'JOB_MAINTENANCE_SECONDS')),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    webhookTimeoutMs: Math.max(100, nonNegativeInteger(env.WEBHOOK_TIMEOUT_MS, DELIVERY_TIMEOUT_MS, 'WEBHOOK_TIMEOUT_MS')),
  };
}

function trustProxyOf(value: string | undefined): TrustedProxies {
  try {
    return parseTrustProxy(value);
  } catch (err) {
    if (err instanceof TrustProxyError) throw new ConfigError(err.message);
    throw err;
  }
}

function nonNegativeInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} ist keine ganze Zahl ≥ 0: ${value}`);
  return n;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
