import {
  careFileResponse,
  damageFileParams,
  damageList,
  damageParams,
  damageRequest,
  damageResponse,
  damageStatusRequest,
  fileParams,
  serviceEntryList,
  serviceEntryParams,
  serviceEntryRequest,
  serviceEntryResponse,
  vehicleCareList,
  vehicleIdParams,
} from '@contracts/vehicle-care';
import { ACCESS } from '@domain/route-access';
import { uploadFailed } from '@domain/uploads';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requestOrigin, requireUser } from '../../http/request-context';
import type { StoredFile } from '../../storage/file-storage';
import { uploadCareFile } from './care-files';
import { blockFromDamage, changeDamageStatus, damagePhoto, listVehicleDamages, reportDamage } from './damages';
import { createServiceEntry, listServiceBooklet, serviceReceipt, updateService, vehicleCareStates } from './service-booklet';

const tags = ['vehicle-care'];

async function fileBytes(req: FastifyRequest): Promise<Buffer> {
  const file = await req.file();
  if (!file) throw uploadFailed('Keine Datei übermittelt.', 'No file was sent.');
  return file.toBuffer();
}

const sendFile = (reply: FastifyReply, file: StoredFile) =>
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', file.contentType === 'application/pdf' ? 'attachment' : 'inline')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=3600')
    .send(file.bytes);

/** Service booklet (Serviceheft), damages (Schäden) and the care marks of the vehicle list. */
export const vehicleCareRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/vehicle-care',
      {
        // vehicle care: service booklet for fleet and report holders, damages seen by all viewers, maintained by the fleet
        config: { access: ACCESS.vehicleViewers },
        schema: { tags, summary: 'Fahrzeuge mit Sperre wegen Schaden oder fälliger HU/Inspektion', response: { 200: vehicleCareList } },
      },
      async (req) => vehicleCareStates(deps, await requireUser(deps, req)),
    );
    app.get(
      '/api/vehicles/:id/service-entries',
      {
        config: { access: ACCESS.logbookFleet },
        schema: { tags, summary: 'Serviceheft eines Fahrzeugs', params: vehicleIdParams, response: { 200: serviceEntryList } },
      },
      async (req) => listServiceBooklet(deps, await requireUser(deps, req), req.params.id),
    );
    app.post(
      '/api/vehicles/:id/service-entries',
      {
        config: { access: ACCESS.care },
        schema: {
          tags,
          summary: 'Serviceheft-Eintrag anlegen',
          params: vehicleIdParams,
          body: serviceEntryRequest,
          response: { 201: serviceEntryResponse },
        },
      },
      async (req, reply) => reply.code(201).send(await createServiceEntry(deps, await requireUser(deps, req), req.params.id, req.body)),
    );
    app.put(
      '/api/vehicles/:id/service-entries/:entryId',
      {
        config: { access: ACCESS.care },
        schema: {
          tags,
          summary: 'Serviceheft-Eintrag ändern',
          params: serviceEntryParams,
          body: serviceEntryRequest,
          response: { 200: serviceEntryResponse },
        },
      },
      async (req) => updateService(deps, await requireUser(deps, req), req.params.id, req.params.entryId, req.body),
    );
    app.get(
      '/api/vehicles/:id/service-entries/:entryId/receipts/:n',
      { config: { access: ACCESS.logbookFleet }, schema: { tags, summary: 'Beleg eines Serviceheft-Eintrags', params: fileParams } },
      async (req, reply) =>
        sendFile(reply, await serviceReceipt(deps, await requireUser(deps, req), req.params.id, req.params.entryId, req.params.n)),
    );
    app.post(
      '/api/vehicles/:id/care-files',
      {
        config: { access: ACCESS.damageReporters },
        schema: {
          tags,
          summary: 'Schadensfoto oder Beleg hochladen (PNG/JPG/PDF)',
          params: vehicleIdParams,
          response: { 200: careFileResponse },
        },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        return uploadCareFile(deps, user, req.params.id, await fileBytes(req));
      },
    );
    app.get(
      '/api/vehicles/:id/damages',
      {
        config: { access: ACCESS.vehicleViewers },
        schema: { tags, summary: 'Schäden eines Fahrzeugs', params: vehicleIdParams, response: { 200: damageList } },
      },
      async (req) => listVehicleDamages(deps, await requireUser(deps, req), req.params.id),
    );
    app.post(
      '/api/vehicles/:id/damages',
      {
        config: { access: ACCESS.damageReporters },
        schema: { tags, summary: 'Schaden melden', params: vehicleIdParams, body: damageRequest, response: { 201: damageResponse } },
      },
      async (req, reply) =>
        reply.code(201).send(await reportDamage(deps, await requireUser(deps, req), req.params.id, req.body, requestOrigin(req))),
    );
    app.post(
      '/api/vehicles/:id/damages/:damageId/status',
      {
        config: { access: ACCESS.care },
        schema: {
          tags,
          summary: 'Status eines Schadens ändern (gemeldet, in Reparatur, behoben)',
          params: damageParams,
          body: damageStatusRequest,
          response: { 200: damageResponse },
        },
      },
      async (req) => changeDamageStatus(deps, await requireUser(deps, req), req.params.id, req.params.damageId, req.body),
    );
    app.post(
      '/api/vehicles/:id/damages/:damageId/block',
      {
        config: { access: ACCESS.care },
        schema: {
          tags,
          summary: 'Fahrzeug wegen eines Schadens als DEFEKT sperren',
          params: damageParams,
          response: { 201: damageResponse },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await blockFromDamage(deps, await requireUser(deps, req), req.params.id, req.params.damageId)),
    );
    app.get(
      '/api/vehicles/:id/damages/:damageId/photos/:n',
      { config: { access: ACCESS.vehicleViewers }, schema: { tags, summary: 'Foto eines Schadens', params: damageFileParams } },
      async (req, reply) =>
        sendFile(reply, await damagePhoto(deps, await requireUser(deps, req), req.params.id, req.params.damageId, req.params.n)),
    );
  };
