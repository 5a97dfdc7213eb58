import {
  lockerAdminQuery,
  lockerCreateRequest,
  lockerDayQuery,
  lockerDayResponse,
  lockerListResponse,
  lockerPatchRequest,
  lockerResponse,
  takeLockerRequest,
} from '@contracts/lockers';
import { ACCESS } from '@domain/route-access';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { requireArea } from '../reading-rooms/public';
import { createLocker, listLockersAdmin, lockerDay, patchLocker, releaseLocker, takeLocker } from './lockers';

const tags = ['lockers'];
const idParams = z.object({ id: z.uuid() });

/** Lockers stand on office floor plans: the page exists where the workplace feature is on. */
async function officeUser(deps: Deps, req: FastifyRequest) {
  const user = await requireUser(deps, req);
  requireArea(user, 'arbeitswelt');
  return user;
}

/** /officelocker and the placing of lockers by room admins (decision 062). */
export const lockerRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/lockers',
      {
        // lockers: people with a desk day on /officelocker, room admins place them
        config: { access: ACCESS.lockers },
        schema: {
          tags,
          summary: 'Schreibtische, eigener Spind und Spinde eines Tages',
          querystring: lockerDayQuery,
          response: { 200: lockerDayResponse },
        },
      },
      async (req) => lockerDay(deps, await officeUser(deps, req), req.query.date),
    );
    app.post(
      '/api/lockers/assignments',
      {
        config: { access: ACCESS.lockers },
        schema: {
          tags,
          summary: 'Spind für einen Tag nehmen (gewählt oder zugeteilt)',
          body: takeLockerRequest,
          response: { 200: lockerDayResponse },
        },
      },
      async (req) => takeLocker(deps, await officeUser(deps, req), req.body),
    );
    app.delete(
      '/api/lockers/assignments/:id',
      {
        config: { access: ACCESS.lockers },
        schema: { tags, summary: 'Spind zurückgeben', params: idParams, response: { 200: lockerDayResponse } },
      },
      async (req) => releaseLocker(deps, await officeUser(deps, req), req.params.id),
    );

    app.get(
      '/api/admin/lockers',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Spinde eines Grundrisses', querystring: lockerAdminQuery, response: { 200: lockerListResponse } },
      },
      async (req) => ({ lockers: await listLockersAdmin(deps, await requireUser(deps, req), req.query.floorPlanId) }),
    );
    app.post(
      '/api/admin/lockers',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Spind auf einem Grundriss platzieren', body: lockerCreateRequest, response: { 200: lockerResponse } },
      },
      async (req) => ({ locker: await createLocker(deps, await requireUser(deps, req), req.body) }),
    );
    app.patch(
      '/api/admin/lockers/:id',
      {
        config: { access: ACCESS.rooms },
        schema: {
          tags,
          summary: 'Spind umbenennen, verschieben oder außer Betrieb nehmen',
          params: idParams,
          body: lockerPatchRequest,
          response: { 200: lockerResponse },
        },
      },
      async (req) => ({ locker: await patchLocker(deps, await requireUser(deps, req), req.params.id, req.body) }),
    );
  };
