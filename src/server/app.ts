import path from 'node:path';
import type { Database } from '@db/client';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { AREAS } from './areas';
import { API_SECURITY_SCHEMES, securityOf } from './areas/integrations/public';
import { createAuth } from './areas/session/better-auth';
import type { Config } from './config';
import type { Deps } from './deps';
import { registerClientAddress } from './http/client-address';
import { registerErrorHandler } from './http/error-handler';
import { registerPlaceholderNames } from './http/placeholder-names';
import { currentUser } from './http/request-context';
import { requestId } from './http/request-id';
import { registerRouteAccess } from './http/route-access';
import { registerSameOriginCheck } from './http/same-origin';
import { registerTextInputCheck } from './http/text-input';
import { fastifyTrustProxy } from './http/trusted-proxies';
import { StampedCache } from './kernel/cache/stamped-cache';
import { createJobQueue } from './kernel/jobs/job-queue';
import { registerMailJobs } from './kernel/mail/jobs';
import { createMailer, type Mailer } from './kernel/mail/mailer';
import { databaseRateLimitStore } from './kernel/rate-limit-store';
import { createLifecycle } from './lifecycle';
import { registerSpa } from './plugins/spa';
import { registerTenantResolution } from './plugins/tenant-resolution';
import { createEventBus } from './realtime/event-bus';
import { closeEventStreams } from './realtime/sse';
import { createLocalStorage } from './storage/file-storage';
import type { Tracing } from './tracing';

export interface AppOptions {
  config: Config;
  database: Database;
  /** pino logger; tests pass a silent one. */
  log?: Logger;
  webRoot?: string;
  /** Runs the pg-boss workers and schedules (the server does; most tests call job handlers directly). */
  startJobs?: boolean;
  /** OpenTelemetry traces, when an OTLP endpoint is configured (./tracing.ts). */
  tracing?: Tracing | null;
}

export async function buildApp(opts: AppOptions): Promise<{ app: FastifyInstance; deps: Deps }> {
  const log = opts.log ?? pino({ level: opts.config.logLevel });
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    // Only the configured proxies may name the client, its host and protocol (decision 188).
    trustProxy: fastifyTrustProxy(opts.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // One id per request in every log line (reqId), in the X-Request-Id response header and in the message of a 5xx.
    genReqId: requestId,
  });
  // First, so that every route and hook registered after it gets its spans.
  if (opts.tracing) await app.register(opts.tracing.plugin);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerClientAddress(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer: Mailer = createMailer({
    db: opts.database.db,
    smtpUrl: opts.config.smtpUrl,
    from: opts.config.mailFrom,
    log,
    appSecret: opts.config.appSecret,
  });
  const auth = createAuth({ db: opts.database.db, config: opts.config, mailer });
  const deps: Deps = {
    database: opts.database,
    auth,
    mailer,
    config: opts.config,
    log,
    jobs: createJobQueue(opts.database, log, { maintenanceIntervalSeconds: opts.config.jobMaintenanceSeconds }),
    events: createEventBus(opts.database, log),
    storage: createLocalStorage(path.join(opts.config.dataDir, 'files')),
    lifecycle: createLifecycle(opts.startJobs === true),
    caches: {
      responses: new StampedCache(32 * 1024 * 1024),
      calendarFeeds: new StampedCache(32 * 1024 * 1024, (f) => f.bytes.length + f.gzip.length),
      calendarEvents: new StampedCache(16 * 1024 * 1024, (e) => e.head.length + e.tail.length),
      signIns: new StampedCache(10_000, () => 1),
      planStructures: new StampedCache(100_000, (d) => 1 + d.objects.length),
      planDays: new StampedCache(200_000, (d) => 1 + d.slots.length),
      occupancy: new StampedCache(5_000, () => 1),
    },
  };
  // SSE streams never end by themselves: close them (with a retry hint) before the server waits for its connections.
  app.addHook('preClose', async () => {
    deps.lifecycle.draining = true;
    closeEventStreams(deps.events);
  });
  // While draining, answers ask the client not to reuse the connection: its next request goes to a node that stays.
  app.addHook('onSend', async (_req, reply) => {
    if (deps.lifecycle.draining) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    await deps.events.stop();
    mailer.close();
  });

  // API answers compressed on the fly; built assets are precompressed at build time (plugins/spa.ts).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 50 } });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    hsts: opts.config.publicUrl.startsWith('https://'),
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the database, so all nodes behind a load balancer share one count (decision 067).
    store: databaseRateLimitStore(opts.database.db),
    // preHandler, so a route's key can use the parsed body (sign-in counts per address and e-mail).
    hook: 'preHandler',
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, code: 'rate_limited', message: `retry in ${ctx.after}` }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Buchbar API',
        version: '1.0.0',
        description: 'Mandantenfähige Buchung von Arbeitsplätzen, Leseräumen und Poolfahrzeugen',
      },
      components: { securitySchemes: API_SECURITY_SCHEMES },
    },
    // Each operation names the session and the API token scope it takes (decision 213).
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const method = [input.route.method].flat()[0] ?? 'GET';
      const security = securityOf(String(method), input.url, input.route.config?.access);
      return security ? { ...out, schema: { ...out.schema, security } } : out;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerTenantResolution(app, opts.database.db);
  registerSameOriginCheck(app);
  registerErrorHandler(app, async (req) => {
    if (req.tenant) await currentUser(deps, req);
  });
  registerRouteAccess(app, deps);
  registerTextInputCheck(app);
  registerPlaceholderNames(app);
  const env = { projectRoot: path.resolve(import.meta.dirname, '../..') };
  for (const area of AREAS) area.hooks?.(app, deps);
  for (const area of AREAS) for (const routes of area.routes ?? []) await app.register(routes(deps, env));
  for (const area of AREAS) for (const register of area.jobs ?? []) register(deps);
  // The outbox is the kernel's: every area's mails go through it.
  registerMailJobs(deps);

  await deps.events.start();
  if (opts.startJobs) await deps.jobs.start();

  await registerSpa(app, deps, opts.webRoot ?? path.resolve('dist/web'));
  return { app, deps };
}
