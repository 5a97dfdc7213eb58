import {
  confirmRequest,
  driverExportQuery,
  driverList,
  driverListQuery,
  fileResponse,
  instructionHistory,
  instructionVersion,
  ownInstruction as ownInstructionResponse,
  publishVersionRequest,
  recordInstructionRequest,
  userIdParams,
  versionIdParams,
  versionList,
} from '@contracts/driver-instruction';
import { ACCESS } from '@domain/route-access';
import { uploadFailed } from '@domain/uploads';
import { berlinDay } from '@domain/vehicle-time';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { instructionWorkbook } from './instruction-export';
import {
  allDrivers,
  confirmOwn,
  history,
  listDrivers,
  ownInstruction,
  publishVersion,
  recordInPerson,
  uploadPdf,
  versionPdf,
  versions,
} from './instructions';

const tags = ['driver-instruction'];

async function fileBytes(req: FastifyRequest): Promise<Buffer> {
  const file = await req.file();
  if (!file) throw uploadFailed('Keine Datei übermittelt.', 'No file was sent.');
  return file.toBuffer();
}

/** Drivers read and confirm (signed in, vehicles on); the fleet (fahrzeug_pflege) publishes, lists and records. */
export const driverInstructionRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/driver-instruction/me',
      {
        config: { access: ACCESS.vehicles },
        schema: { tags, summary: 'Eigene Fahrerunterweisung je Thema', response: { 200: ownInstructionResponse } },
      },
      async (req) => ownInstruction(deps, await requireUser(deps, req)),
    );
    app.post(
      '/api/driver-instruction/me/confirmations',
      {
        config: { access: ACCESS.vehicles },
        schema: {
          tags,
          summary: 'Aktuelle Fassung als gelesen bestätigen',
          body: confirmRequest,
          response: { 201: ownInstructionResponse },
        },
      },
      async (req, reply) => reply.code(201).send(await confirmOwn(deps, await requireUser(deps, req), req.body.versionId)),
    );
    app.get(
      '/api/driver-instruction/versions/:versionId/pdf',
      { config: { access: ACCESS.vehicles }, schema: { tags, summary: 'PDF einer Fassung', params: versionIdParams } },
      async (req, reply) => {
        const file = await versionPdf(deps, await requireUser(deps, req), req.params.versionId);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `inline; filename="${file.filename}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, max-age=3600')
          .send(file.bytes);
      },
    );
    app.get(
      '/api/driver-instruction/versions',
      {
        config: { access: ACCESS.care },
        schema: { tags, summary: 'Alle Fassungen der Unterweisung und die Fahrzeugkategorien', response: { 200: versionList } },
      },
      async (req) => versions(deps, await requireUser(deps, req)),
    );
    app.post(
      '/api/driver-instruction/files',
      {
        config: { access: ACCESS.care },
        schema: { tags, summary: 'PDF für eine neue Fassung hochladen', response: { 200: fileResponse } },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        return uploadPdf(deps, user, await fileBytes(req));
      },
    );
    app.post(
      '/api/driver-instruction/versions',
      {
        config: { access: ACCESS.care },
        schema: {
          tags,
          summary: 'Neue Fassung veröffentlichen (allgemein oder je Fahrzeugkategorie)',
          body: publishVersionRequest,
          response: { 201: instructionVersion },
        },
      },
      async (req, reply) => reply.code(201).send(await publishVersion(deps, await requireUser(deps, req), req.body)),
    );
    app.get(
      '/api/driver-instruction/drivers',
      {
        config: { access: ACCESS.care },
        schema: {
          tags,
          summary: 'Fahrende mit Stand der Unterweisung (Thema, Suche, Filter, Seiten)',
          querystring: driverListQuery,
          response: { 200: driverList },
        },
      },
      async (req) => listDrivers(deps, await requireUser(deps, req), req.query),
    );
    app.get(
      '/api/driver-instruction/drivers/export',
      {
        config: { access: ACCESS.care },
        schema: { tags, summary: 'Fahrende mit Stand der Unterweisung als Excel', querystring: driverExportQuery },
      },
      async (req, reply) => {
        const rows = await allDrivers(deps, await requireUser(deps, req), req.query);
        const file = await instructionWorkbook(rows, req.query.category, berlinDay(new Date()));
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
    app.get(
      '/api/driver-instruction/drivers/:userId/instructions',
      {
        config: { access: ACCESS.care },
        schema: { tags, summary: 'Unterweisungen einer Person', params: userIdParams, response: { 200: instructionHistory } },
      },
      async (req) => history(deps, await requireUser(deps, req), req.params.userId),
    );
    app.post(
      '/api/driver-instruction/drivers/:userId/instructions',
      {
        config: { access: ACCESS.care },
        schema: {
          tags,
          summary: 'Präsenzunterweisung mit unterweisender Person erfassen',
          params: userIdParams,
          body: recordInstructionRequest,
          response: { 201: instructionHistory },
        },
      },
      async (req, reply) => reply.code(201).send(await recordInPerson(deps, await requireUser(deps, req), req.params.userId, req.body)),
    );
  };
