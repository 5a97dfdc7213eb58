import {
  capacityRequest,
  capacityResponse,
  cardList,
  cardParams,
  cardRequest,
  cardResponse,
  costExportFormat,
  costQuery,
  costReport as costReportSchema,
  receiptList,
  receiptParams,
  receiptRequest,
  receiptResponse,
  vehicleParams,
} from '@contracts/fleet-costs';
import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { changeCard, createCard, listAllCards, listVehicleCards } from './cards';
import { costExport } from './cost-export';
import { costReport } from './cost-report';
import { changeCapacity, listVehicleReceipts, receiptPhoto, recordReceipt, removeReceipt } from './receipts';

const tags = ['fleet-costs'];

/** Fuel and charging cards, receipts and the cost report (docs/product.md#fleet-costs). */
export const fleetCostsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/fleet-costs/cards',
      { config: { access: ACCESS.care }, schema: { tags, summary: 'Tank- und Ladekarten des Mandanten', response: { 200: cardList } } },
      async (req) => listAllCards(deps, await requireUser(deps, req)),
    );
    app.post(
      '/api/fleet-costs/cards',
      {
        config: { access: ACCESS.care },
        schema: {
          tags,
          summary: 'Tank- oder Ladekarte anlegen (nur die letzten vier Ziffern werden gespeichert)',
          body: cardRequest,
          response: { 201: cardResponse },
        },
      },
      async (req, reply) => reply.code(201).send(await createCard(deps, await requireUser(deps, req), req.body)),
    );
    app.put(
      '/api/fleet-costs/cards/:id',
      {
        config: { access: ACCESS.care },
        schema: { tags, summary: 'Tank- oder Ladekarte ändern', params: cardParams, body: cardRequest, response: { 200: cardResponse } },
      },
      async (req) => changeCard(deps, await requireUser(deps, req), req.params.id, req.body),
    );
    app.get(
      '/api/vehicles/:id/fuel-cards',
      {
        config: { access: ACCESS.damageReporters },
        schema: { tags, summary: 'Aktive Karten eines Fahrzeugs (maskiert)', params: vehicleParams, response: { 200: cardList } },
      },
      async (req) => listVehicleCards(deps, await requireUser(deps, req), req.params.id),
    );
    app.get(
      '/api/vehicles/:id/fuel-receipts',
      {
        config: { access: ACCESS.logbookFleet },
        schema: { tags, summary: 'Tankbelege und Ladevorgänge eines Fahrzeugs', params: vehicleParams, response: { 200: receiptList } },
      },
      async (req) => listVehicleReceipts(deps, await requireUser(deps, req), req.params.id),
    );
    app.post(
      '/api/vehicles/:id/fuel-receipts',
      {
        config: { access: ACCESS.damageReporters },
        schema: {
          tags,
          summary: 'Tankbeleg, Ladevorgang oder sonstige Kosten erfassen',
          params: vehicleParams,
          body: receiptRequest,
          response: { 201: receiptResponse },
        },
      },
      async (req, reply) => reply.code(201).send(await recordReceipt(deps, await requireUser(deps, req), req.params.id, req.body)),
    );
    app.delete(
      '/api/vehicles/:id/fuel-receipts/:receiptId',
      {
        config: { access: ACCESS.care },
        schema: { tags, summary: 'Beleg löschen', params: receiptParams, response: { 200: z.object({ deleted: z.literal(true) }) } },
      },
      async (req) => {
        await removeReceipt(deps, await requireUser(deps, req), req.params.id, req.params.receiptId);
        return { deleted: true as const };
      },
    );
    app.get(
      '/api/vehicles/:id/fuel-receipts/:receiptId/photo',
      { config: { access: ACCESS.logbookFleet }, schema: { tags, summary: 'Foto eines Belegs', params: receiptParams } },
      async (req, reply) => {
        const file = await receiptPhoto(deps, await requireUser(deps, req), req.params.id, req.params.receiptId);
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', file.contentType === 'application/pdf' ? 'attachment' : 'inline')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, max-age=3600')
          .send(file.bytes);
      },
    );
    app.put(
      '/api/vehicles/:id/capacity',
      {
        config: { access: ACCESS.care },
        schema: {
          tags,
          summary: 'Tank- und Batteriekapazität',
          params: vehicleParams,
          body: capacityRequest,
          response: { 200: capacityResponse },
        },
      },
      async (req) => changeCapacity(deps, await requireUser(deps, req), req.params.id, req.body),
    );
    app.get(
      '/api/admin/evaluation/costs',
      {
        config: { access: ACCESS.vehicleEvaluation },
        schema: { tags, summary: 'Fahrzeugkosten im Zeitraum', querystring: costQuery, response: { 200: costReportSchema } },
      },
      async (req) => costReport(deps, await requireUser(deps, req), req.query),
    );
    app.get(
      '/api/admin/evaluation/costs/export',
      {
        config: { access: ACCESS.vehicleEvaluation },
        schema: { tags, summary: 'Fahrzeugkosten als Excel oder PDF', querystring: costQuery.extend({ format: costExportFormat }) },
      },
      async (req, reply) => {
        const data = await costReport(deps, await requireUser(deps, req), req.query);
        const file = await costExport(data, req.query.format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };
