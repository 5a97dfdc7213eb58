import {
  adminLocationList,
  adminParkingSpace,
  locationIdParams,
  locationNameRequest,
  parkingSpacePatch,
  parkingSpaceRemoval,
} from '@contracts/locations';
import { okResponse } from '@contracts/session';
import type { RouteAccess } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import {
  addParkingSpace,
  changeParkingSpace,
  createLocation,
  listLocationsAdmin,
  removeLocation,
  removeParkingSpace,
  renameLocationAdmin,
} from './locations';

/** /admin/lokationen (objekt_pflege): locations with their parking spaces. */

const LOCATIONS: { access: RouteAccess } = { access: { kind: 'section', section: '/admin/lokationen' } };
const tags = ['administration'];
const locationDto = z.object({ id: z.string(), name: z.string() });

export const locationRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/locations',
      { config: LOCATIONS, schema: { tags, summary: 'Standorte mit Stellplätzen und Verwendung', response: { 200: adminLocationList } } },
      async (req) => ({ locations: await listLocationsAdmin(deps, await requireUser(deps, req)) }),
    );
    app.post(
      '/api/admin/locations',
      { config: LOCATIONS, schema: { tags, summary: 'Standort anlegen', body: locationNameRequest, response: { 201: locationDto } } },
      async (req, reply) => reply.code(201).send(await createLocation(deps, await requireUser(deps, req), req.body.name)),
    );
    app.patch(
      '/api/admin/locations/:id',
      {
        config: LOCATIONS,
        schema: {
          tags,
          summary: 'Standort umbenennen',
          params: locationIdParams,
          body: locationNameRequest,
          response: { 200: locationDto },
        },
      },
      async (req) => renameLocationAdmin(deps, await requireUser(deps, req), req.params.id, req.body.name),
    );
    app.delete(
      '/api/admin/locations/:id',
      {
        config: LOCATIONS,
        schema: {
          tags,
          summary: 'Standort löschen (nicht, solange Fahrzeuge oder Grundrisse ihn verwenden)',
          params: locationIdParams,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await removeLocation(deps, await requireUser(deps, req), req.params.id);
        return { ok: true as const, message: 'Der Standort wurde gelöscht.' };
      },
    );
    app.post(
      '/api/admin/locations/:id/parking-spaces',
      {
        config: LOCATIONS,
        schema: {
          tags,
          summary: 'Stellplatz anlegen',
          params: locationIdParams,
          body: locationNameRequest,
          response: { 201: adminParkingSpace },
        },
      },
      async (req, reply) => reply.code(201).send(await addParkingSpace(deps, await requireUser(deps, req), req.params.id, req.body.name)),
    );
    app.patch(
      '/api/admin/parking-spaces/:id',
      {
        config: LOCATIONS,
        schema: {
          tags,
          summary: 'Stellplatz umbenennen, aktivieren oder deaktivieren',
          params: locationIdParams,
          body: parkingSpacePatch,
          response: { 200: adminParkingSpace },
        },
      },
      async (req) => changeParkingSpace(deps, await requireUser(deps, req), req.params.id, req.body),
    );
    app.delete(
      '/api/admin/parking-spaces/:id',
      {
        config: LOCATIONS,
        schema: {
          tags,
          summary: 'Stellplatz löschen (in der Fahrzeughistorie verwendet: deaktivieren)',
          params: locationIdParams,
          response: { 200: parkingSpaceRemoval },
        },
      },
      async (req) => {
        const r = await removeParkingSpace(deps, await requireUser(deps, req), req.params.id);
        return {
          ok: true as const,
          deactivated: r.deactivated,
          message: r.deactivated
            ? 'Der Stellplatz steht in der Fahrzeughistorie und wurde deshalb deaktiviert statt gelöscht.'
            : 'Der Stellplatz wurde gelöscht.',
        };
      },
    );
  };
