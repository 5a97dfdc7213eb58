import {
  checkHistory as checkHistoryResponse,
  checkIdParams,
  driverList,
  driverListQuery,
  dueCountResponse,
  guestBookingIdParams,
  guestCheckResponse,
  guestDriverList,
  guestDriverListQuery,
  ownLicence as ownLicenceResponse,
  recordCheckRequest,
  recordGuestCheckRequest,
  scanResponse,
  userIdParams,
} from '@contracts/driving-licences';
import { ACCESS } from '@domain/route-access';
import { uploadFailed } from '@domain/uploads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { listGuestDrivers, recordGuestCheck } from './guest-licences';
import { readScan, removeScan, uploadScan } from './licence-scans';
import { checkHistory, dueCount, listDrivers, ownLicence, recordCheck } from './licences';

const tags = ['driving-licences'];

/** Examiners: fahrzeug_fuehrerscheinpruefung (others get 403 'no fahrzeug_fuehrerscheinpruefung'). */
async function fileBytes(req: FastifyRequest): Promise<Buffer> {
  const file = await req.file();
  if (!file) throw uploadFailed('Keine Datei übermittelt.', 'No file was sent.');
  return file.toBuffer();
}

export const drivingLicenceRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/driving-licences',
      {
        // driving licences: examiners, and everyone's own record
        config: { access: ACCESS.examiner },
        schema: {
          tags,
          summary: 'Fahrende mit Führerscheinstatus (Suche, Filter, Seiten)',
          querystring: driverListQuery,
          response: { 200: driverList },
        },
      },
      async (req) => listDrivers(deps, await requireUser(deps, req), req.query),
    );
    app.get(
      '/api/driving-licences/guests',
      {
        config: { access: ACCESS.examiner },
        schema: {
          tags,
          summary: 'Gäste mit erfasstem Führerschein (Suche, Seiten)',
          querystring: guestDriverListQuery,
          response: { 200: guestDriverList },
        },
      },
      async (req) => listGuestDrivers(deps, await requireUser(deps, req), req.query),
    );
    app.post(
      '/api/guest-bookings/:bookingId/licence-checks',
      {
        config: { access: ACCESS.reception },
        schema: {
          tags,
          summary: 'Führerschein eines Gastes bei der Ausgabe erfassen',
          params: guestBookingIdParams,
          body: recordGuestCheckRequest,
          response: { 201: guestCheckResponse },
        },
      },
      async (req, reply) => {
        const user = await requireUser(deps, req);
        return reply.code(201).send(await recordGuestCheck(deps, user, req.params.bookingId, req.body));
      },
    );
    app.get(
      '/api/driving-licences/due-count',
      {
        config: { access: ACCESS.examiner },
        schema: { tags, summary: 'Anzahl fälliger Führerscheinprüfungen', response: { 200: dueCountResponse } },
      },
      async (req) => dueCount(deps, await requireUser(deps, req)),
    );
    app.get(
      '/api/driving-licences/me',
      {
        config: { access: ACCESS.vehicles },
        schema: { tags, summary: 'Eigener Führerschein (nur lesen)', response: { 200: ownLicenceResponse } },
      },
      async (req) => ownLicence(deps, await requireUser(deps, req)),
    );
    app.get(
      '/api/driving-licences/:userId/checks',
      {
        config: { access: ACCESS.examiner },
        schema: { tags, summary: 'Prüfungen einer Person', params: userIdParams, response: { 200: checkHistoryResponse } },
      },
      async (req) => checkHistory(deps, await requireUser(deps, req), req.params.userId),
    );
    app.post(
      '/api/driving-licences/:userId/checks',
      {
        config: { access: ACCESS.examiner },
        schema: {
          tags,
          summary: 'Führerscheinprüfung erfassen',
          params: userIdParams,
          body: recordCheckRequest,
          response: { 201: checkHistoryResponse },
        },
      },
      async (req, reply) => {
        const result = await recordCheck(deps, await requireUser(deps, req), req.params.userId, req.body);
        return reply.code(201).send(result);
      },
    );
    app.post(
      '/api/driving-licences/checks/:checkId/scan',
      {
        config: { access: ACCESS.examiner },
        schema: {
          tags,
          summary: 'Scan zu einer Prüfung ablegen (nur wenn eingeschaltet)',
          params: checkIdParams,
          response: { 200: scanResponse },
        },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        return uploadScan(deps, user, req.params.checkId, await fileBytes(req));
      },
    );
    app.get(
      '/api/driving-licences/checks/:checkId/scan',
      { config: { access: ACCESS.examiner }, schema: { tags, summary: 'Scan einer Prüfung (nur Prüfende)', params: checkIdParams } },
      async (req, reply) => {
        const file = await readScan(deps, await requireUser(deps, req), req.params.checkId);
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', 'inline')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(file.bytes);
      },
    );
    app.delete(
      '/api/driving-licences/checks/:checkId/scan',
      {
        config: { access: ACCESS.examiner },
        schema: { tags, summary: 'Scan einer Prüfung löschen', params: checkIdParams, response: { 200: scanResponse } },
      },
      async (req) => removeScan(deps, await requireUser(deps, req), req.params.checkId),
    );
  };
