import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../deps';
import { pingDatabase } from '../repositories/tenant-repository';

export const healthRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Erreichbarkeit von Server und Datenbank',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }), 503: z.object({ status: z.literal('fehler'), error: z.string() }) },
      },
    },
    async (_req, reply) => {
      try {
        await pingDatabase(deps.database.db);
        return { status: 'ok' as const, database: deps.database.kind };
      } catch (err) {
        return reply.status(503).send({ status: 'fehler' as const, error: err instanceof Error ? err.message : 'Datenbank nicht erreichbar' });
      }
    },
  );
};
