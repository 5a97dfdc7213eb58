import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import type { BusEvent } from '../../realtime/event-bus';
import { openEventStream } from '../../realtime/sse';

export const eventRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/events',
      {
        config: { access: ACCESS.signedIn },
        schema: {
          tags: ['realtime'],
          summary: 'Server-Sent Events: Änderungen im eigenen Mandanten (nur Kennungen)',
          querystring: z.object({ topics: z.string().max(200).optional() }),
        },
      },
      async (req, reply) => {
        const user = await requireUser(deps, req);
        const topics = req.query.topics ? new Set(req.query.topics.split(',')) : null;
        openEventStream(req, reply, deps.events, user.tenant.id, (e: BusEvent) => !topics || topics.has(e.topic));
      },
    );
  };
