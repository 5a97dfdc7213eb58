import { ACCESS } from '@domain/route-access';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { operationsErrors } from './errors';
import { createMetrics, mayReadMetrics } from './metrics-registry';

/**
 * Prometheus metrics at /api/metrics. Registered on the root instance (not as
 * an encapsulated plugin) so the timing hook sees every route.
 */
export function registerMetrics(app: FastifyInstance, deps: Deps) {
  const metrics = createMetrics(deps);
  app.addHook('onResponse', async (req, reply) => {
    metrics.observeRequest(req.method, req.routeOptions.url ?? 'unbekannt', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/metrics',
    {
      // Not a person's route: the metrics check their own token or loopback caller (decision 066).
      config: { access: ACCESS.public },
      schema: {
        tags: ['system'],
        summary: 'Kennzahlen im Prometheus-Format (mit METRICS_TOKEN oder nur vom eigenen Rechner)',
        headers: z.object({ authorization: z.string().max(500).optional() }),
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      const allowed = mayReadMetrics(deps.config.metricsToken, {
        authorization: req.headers.authorization,
        remoteAddress: req.socket.remoteAddress,
        forwarded: req.headers['x-forwarded-for'] !== undefined,
      });
      if (!allowed) throw operationsErrors.fail('metrics_forbidden');
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}
