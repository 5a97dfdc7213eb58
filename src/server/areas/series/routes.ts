import { seriesCancelRequest, seriesCancelResponse, seriesRequest, seriesResponse } from '@contracts/reading-rooms';
import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requestOrigin, requireUser } from '../../http/request-context';
import { seatSeries } from './seat-kind';
import { cancelInSeries, createSeries, previewSeries } from './series-engine';

const tags = ['reading-rooms'];

/** Booking series of seats and desks (decision 091): preview, save, cancel one/following/all. */
export const bookingSeriesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/reading-room-series/preview',
      {
        config: { access: ACCESS.places },
        schema: {
          tags,
          summary: 'Vorschau einer Serie: welche Tage buchbar sind und welche nicht (mit Grund); speichert nichts',
          body: seriesRequest,
          response: { 200: seriesResponse },
        },
      },
      async (req) => previewSeries(deps, seatSeries, await requireUser(deps, req), req.body),
    );
    app.post(
      '/api/reading-room-series',
      {
        config: { access: ACCESS.places },
        schema: {
          tags,
          summary: 'Serie speichern: bucht alle buchbaren Tage in einer Transaktion',
          body: seriesRequest,
          response: { 200: seriesResponse },
        },
      },
      async (req) => createSeries(deps, seatSeries, await requireUser(deps, req), req.body, requestOrigin(req)),
    );
    app.post(
      '/api/reading-room-bookings/:id/cancel-series',
      {
        config: { access: ACCESS.places },
        schema: {
          tags,
          summary: 'Buchung einer Serie stornieren: diese, diese und alle folgenden oder die ganze Serie',
          params: z.object({ id: z.uuid() }),
          body: seriesCancelRequest,
          response: { 200: seriesCancelResponse },
        },
      },
      async (req) => cancelInSeries(deps, seatSeries, await requireUser(deps, req), req.params.id, req.body.scope),
    );
  };
