import { kioskBoardResponse, kioskTokenParams } from '@contracts/reading-rooms';
import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireTenant } from '../../http/request-context';
import { openEventStream } from '../../realtime/sse';
import { SEAT_TOPIC } from './common';
import { kioskBoard, kioskFloorPlanId, kioskImage } from './kiosk';
import { sendImage } from './send-image';

const tags = ['kiosk'];
const rateLimit = { max: 120, timeWindow: '1 minute' };

/** The kiosk display: no user session; the link's token binds the tenant (of the host) and the floor plan. */
export const kioskRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/kiosk/:token',
      {
        config: { access: ACCESS.public, rateLimit },
        schema: {
          tags,
          summary: 'Kiosk: Belegung jetzt und für den Rest des Tages (ohne Namen)',
          params: kioskTokenParams,
          response: { 200: kioskBoardResponse },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return kioskBoard(deps, requireTenant(req), req.params.token);
      },
    );

    app.get(
      '/api/kiosk/:token/image',
      { config: { access: ACCESS.public, rateLimit }, schema: { tags, summary: 'Kiosk: Grundrissbild', params: kioskTokenParams } },
      async (req, reply) => sendImage(reply, await kioskImage(deps, requireTenant(req).id, req.params.token)),
    );

    app.get(
      '/api/kiosk/:token/events',
      {
        config: { access: ACCESS.public, rateLimit },
        schema: { tags, summary: 'Kiosk: Server-Sent Events des Grundrisses (nur Kennungen)', params: kioskTokenParams },
      },
      async (req, reply) => {
        const tenant = requireTenant(req);
        const floorPlanId = await kioskFloorPlanId(deps, tenant.id, req.params.token);
        openEventStream(
          req,
          reply,
          deps.events,
          tenant.id,
          (e) => (e.topic === SEAT_TOPIC || e.topic === 'opening-hours') && e.scope === floorPlanId,
        );
      },
    );
  };
