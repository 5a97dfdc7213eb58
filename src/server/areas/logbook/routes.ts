import {
  backgroundExport,
  backgroundExportList,
  backgroundExportRequest,
  correctionRequest,
  correctionResponse,
  exportQuery,
  gapRequest,
  logbookList,
  logbookQuery,
  reportRequest,
  reportResponse,
  reportSettings,
  tripKindList,
} from '@contracts/logbook';
import { idParams } from '@contracts/vehicles';
import { withTenant } from '@db/client';
import { ACCESS } from '@domain/route-access';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import type { UserContext } from '../../kernel/context';
import { kernelErrors } from '../../kernel/errors';
import { backgroundExportFile, getBackgroundExport, listBackgroundExports, startBackgroundExport } from './background-export';
import { assertMayExport, exportForDownload } from './export-logbook';
import { correctEntry, explainGap, listLogbook, logbookSettings, seesAllTrips } from './logbook';
import { readReportSettings, sendLogbookReportNow } from './logbook-reports';

const tags = ['logbook'];

async function fleetUser(deps: Deps, req: FastifyRequest): Promise<UserContext> {
  const user = await requireUser(deps, req);
  if (!seesAllTrips(user)) throw kernelErrors.fail('forbidden', { denial: 'no fahrzeug_logbuch_report' });
  return user;
}

const fileName = (from: string, to: string, ext: string) => `fahrtenbuch-${from}-bis-${to}.${ext}`;

export const logbookRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/logbook',
      {
        // logbook: drivers see their own trips, fleet staff all of them and explain gaps, report holders export
        config: { access: ACCESS.vehicles },
        schema: {
          tags,
          summary: 'Fahrtenbuch (eigene Fahrten oder alle mit Fahrtenbuch-Recht)',
          querystring: logbookQuery,
          response: { 200: logbookList },
        },
      },
      async (req) => listLogbook(deps, await requireUser(deps, req), req.query),
    );
    app.post(
      '/api/logbook/:id/corrections',
      {
        config: { access: ACCESS.vehicles },
        schema: {
          tags,
          summary: 'Fahrtenbucheintrag korrigieren (neue Version)',
          params: idParams,
          body: correctionRequest,
          response: { 201: correctionResponse },
        },
      },
      async (req, reply) =>
        reply.code(201).send({ entry: await correctEntry(deps, await requireUser(deps, req), req.params.id, req.body) }),
    );
    app.post(
      '/api/vehicles/:id/logbook/gaps',
      {
        config: { access: ACCESS.logbookFleet },
        schema: {
          tags,
          summary: 'Lücke im Fahrtenbuch erklären',
          params: idParams,
          body: gapRequest,
          response: { 201: correctionResponse },
        },
      },
      async (req, reply) => reply.code(201).send({ entry: await explainGap(deps, await fleetUser(deps, req), req.params.id, req.body) }),
    );
    app.get(
      '/api/logbook/export.xlsx',
      { config: { access: ACCESS.logbookReport }, schema: { tags, summary: 'Fahrtenbuch als Excel-Datei', querystring: exportQuery } },
      async (req, reply) => {
        const user = await requireUser(deps, req);
        assertMayExport(user);
        const bytes = await exportForDownload(deps, user, req.query, 'xlsx');
        return reply
          .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('Content-Disposition', `attachment; filename="${fileName(req.query.from, req.query.to, 'xlsx')}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .send(bytes);
      },
    );
    app.get(
      '/api/logbook/export.pdf',
      { config: { access: ACCESS.logbookReport }, schema: { tags, summary: 'Fahrtenbuch als PDF', querystring: exportQuery } },
      async (req, reply) => {
        const user = await requireUser(deps, req);
        assertMayExport(user);
        const bytes = await exportForDownload(deps, user, req.query, 'pdf');
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${fileName(req.query.from, req.query.to, 'pdf')}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .send(bytes);
      },
    );
    app.get(
      '/api/logbook/trip-kinds',
      {
        config: { access: ACCESS.vehicles },
        schema: { tags, summary: 'Fahrtarten, die der Mandant erlaubt (für Fahrt beenden)', response: { 200: tripKindList } },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        const s = await withTenant(deps.database.db, user.tenant.id, (tx) => logbookSettings(tx, user.tenant.id));
        return { allowedTripKinds: s.allowedTripKinds };
      },
    );
    app.get(
      '/api/logbook/report-settings',
      {
        config: { access: ACCESS.logbookReport },
        schema: { tags, summary: 'Einstellungen des Fahrtenbuch-Berichts (Rhythmus, Empfänger)', response: { 200: reportSettings } },
      },
      async (req) => readReportSettings(deps, await requireUser(deps, req)),
    );
    app.post(
      '/api/logbook/reports',
      {
        config: { access: ACCESS.logbookReport },
        schema: {
          tags,
          summary: 'Fahrtenbuch-Bericht eines Zeitraums jetzt senden',
          body: reportRequest,
          response: { 202: reportResponse },
        },
      },
      async (req, reply) => reply.code(202).send(await sendLogbookReportNow(deps, await requireUser(deps, req), req.body)),
    );
    app.post(
      '/api/logbook/exports',
      {
        config: { access: ACCESS.logbookReport },
        schema: {
          tags,
          summary: 'Großen Fahrtenbuch-Export im Hintergrund starten',
          body: backgroundExportRequest,
          response: { 202: backgroundExport },
        },
      },
      async (req, reply) => reply.code(202).send(await startBackgroundExport(deps, await requireUser(deps, req), req.body)),
    );
    app.get(
      '/api/logbook/exports',
      {
        config: { access: ACCESS.logbookReport },
        schema: { tags, summary: 'Eigene Hintergrund-Exporte', response: { 200: backgroundExportList } },
      },
      async (req) => ({ exports: await listBackgroundExports(deps, await requireUser(deps, req)) }),
    );
    app.get(
      '/api/logbook/exports/:id',
      {
        config: { access: ACCESS.logbookReport },
        schema: { tags, summary: 'Fortschritt eines Hintergrund-Exports', params: idParams, response: { 200: backgroundExport } },
      },
      async (req) => getBackgroundExport(deps, await requireUser(deps, req), req.params.id),
    );
    app.get(
      '/api/logbook/exports/:id/file',
      {
        config: { access: ACCESS.logbookReport },
        schema: { tags, summary: 'Fertigen Hintergrund-Export herunterladen', params: idParams },
      },
      async (req, reply) => {
        const file = await backgroundExportFile(deps, await requireUser(deps, req), req.params.id);
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .send(file.bytes);
      },
    );
  };
