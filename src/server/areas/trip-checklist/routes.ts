import {
  checklistList,
  checklistParams,
  checklistRequest,
  checklistResponse,
  tripCheckList,
  vehicleChecklistResponse,
  vehicleParams,
} from '@contracts/trip-checklist';
import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { changeChecklist, checklistOfVehicle, createChecklist, listAll, removeChecklist } from './checklists';
import { checksOfVehicle } from './trip-checks';

const tags = ['trip-checklist'];

/** The check before the trip: the fleet's checklists, a vehicle's checklist and its answered checks (docs/product.md#check-before-the-trip). */
export const tripChecklistRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/trip-checklists',
      {
        config: { access: ACCESS.care },
        schema: { tags, summary: 'Checklisten der Abfahrtskontrolle und Fahrzeugkategorien', response: { 200: checklistList } },
      },
      async (req) => listAll(deps, await requireUser(deps, req)),
    );
    app.post(
      '/api/trip-checklists',
      {
        config: { access: ACCESS.care },
        schema: { tags, summary: 'Checkliste anlegen (Version 1)', body: checklistRequest, response: { 201: checklistResponse } },
      },
      async (req, reply) => reply.code(201).send(await createChecklist(deps, await requireUser(deps, req), req.body)),
    );
    app.put(
      '/api/trip-checklists/:id',
      {
        config: { access: ACCESS.care },
        schema: {
          tags,
          summary: 'Checkliste ändern (geänderte Punkte: neue Version)',
          params: checklistParams,
          body: checklistRequest,
          response: { 200: checklistResponse },
        },
      },
      async (req) => changeChecklist(deps, await requireUser(deps, req), req.params.id, req.body),
    );
    app.delete(
      '/api/trip-checklists/:id',
      {
        config: { access: ACCESS.care },
        schema: {
          tags,
          summary: 'Checkliste außer Gebrauch nehmen (Antworten bleiben)',
          params: checklistParams,
          response: { 200: z.object({ removed: z.literal(true) }) },
        },
      },
      async (req) => {
        await removeChecklist(deps, await requireUser(deps, req), req.params.id);
        return { removed: true as const };
      },
    );
    app.get(
      '/api/vehicles/:id/trip-checklist',
      {
        config: { access: ACCESS.damageReporters },
        schema: {
          tags,
          summary: 'Checkliste für den Fahrtantritt eines Fahrzeugs',
          params: vehicleParams,
          response: { 200: vehicleChecklistResponse },
        },
      },
      async (req) => checklistOfVehicle(deps, await requireUser(deps, req), req.params.id),
    );
    app.get(
      '/api/vehicles/:id/trip-checks',
      {
        config: { access: ACCESS.logbookFleet },
        schema: { tags, summary: 'Abfahrtskontrollen eines Fahrzeugs', params: vehicleParams, response: { 200: tripCheckList } },
      },
      async (req) => checksOfVehicle(deps, await requireUser(deps, req), req.params.id),
    );
  };
