import { personalDataExport, personalDataExportList, personalDataExportParams } from '@contracts/privacy';
import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { getPersonalDataExport, listOwnPersonalDataExports, personalDataExportFile, startPersonalDataExport } from './personal-data-export';

const tags = ['privacy'];

/** Privacy (decision 105): a person exports their own data; nobody else sees that export. */
export const privacyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/me/data-exports',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags, summary: 'Export der eigenen Daten starten (Art. 15/20 DSGVO)', response: { 202: personalDataExport } },
      },
      async (req, reply) => reply.code(202).send(await startPersonalDataExport(deps, await requireUser(deps, req))),
    );
    app.get(
      '/api/me/data-exports',
      { config: { access: ACCESS.signedIn }, schema: { tags, summary: 'Eigene Datenexporte', response: { 200: personalDataExportList } } },
      async (req) => ({ exports: await listOwnPersonalDataExports(deps, await requireUser(deps, req)) }),
    );
    app.get(
      '/api/me/data-exports/:id',
      {
        config: { access: ACCESS.signedIn },
        schema: {
          tags,
          summary: 'Fortschritt eines eigenen Datenexports',
          params: personalDataExportParams,
          response: { 200: personalDataExport },
        },
      },
      async (req) => getPersonalDataExport(deps, await requireUser(deps, req), req.params.id),
    );
    app.get(
      '/api/me/data-exports/:id/file',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags, summary: 'Eigenen Datenexport (ZIP) herunterladen', params: personalDataExportParams },
      },
      async (req, reply) => {
        const file = await personalDataExportFile(deps, await requireUser(deps, req), req.params.id);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'no-store')
          .send(file.bytes);
      },
    );
  };
