import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { checkDatabase, checkReadiness } from './health';

export const healthRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: ACCESS.public },
        schema: {
          tags: ['system'],
          summary: 'Erreichbarkeit von Server und Datenbank',
          response: {
            200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
            503: z.object({ status: z.literal('fehler'), error: z.string() }),
          },
        },
      },
      async (_req, reply) => {
        try {
          await checkDatabase(deps);
          return { status: 'ok' as const, database: deps.database.kind };
        } catch (err) {
          return reply
            .status(503)
            .send({ status: 'fehler' as const, error: err instanceof Error ? err.message : 'Datenbank nicht erreichbar' });
        }
      },
    );

    const readiness = z.object({
      status: z.enum(['bereit', 'nicht bereit']),
      reason: z.string().optional(),
      migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
      jobs: z.enum(['laufen', 'starten', 'aus']),
      draining: z.boolean(),
    });
    app.get(
      '/api/ready',
      {
        config: { access: ACCESS.public },
        schema: {
          tags: ['system'],
          summary: 'Bereitschaft: Migrationen ausgeführt, Job-Warteschlange läuft, kein Herunterfahren',
          response: { 200: readiness, 503: readiness.or(z.object({ status: z.literal('nicht bereit'), reason: z.string() })) },
        },
      },
      async (_req, reply) => {
        try {
          const { ready, ...rest } = await checkReadiness(deps);
          return reply.status(ready ? 200 : 503).send({ status: ready ? ('bereit' as const) : ('nicht bereit' as const), ...rest });
        } catch (err) {
          return reply
            .status(503)
            .send({ status: 'nicht bereit' as const, reason: err instanceof Error ? err.message : 'Datenbank nicht erreichbar' });
        }
      },
    );
  };
