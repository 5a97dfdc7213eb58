import { tenantInfo } from '@contracts/session';
import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireTenant } from '../../http/request-context';
import { tenantInfoOf } from './tenant-info';
import { tenantIconSvg, webAppManifest } from './web-app-manifest';

export const tenantRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/tenant',
      {
        config: { access: ACCESS.public },
        schema: { tags: ['tenant'], summary: 'Öffentliche Angaben des Mandanten der Adresse', response: { 200: tenantInfo } },
      },
      async (req) => tenantInfoOf(deps, requireTenant(req)),
    );

    // Installable app (web app manifest): the name and icon of the tenant of the address, no session needed.
    app.get(
      '/api/tenant/manifest.webmanifest',
      { config: { access: ACCESS.public }, schema: { tags: ['tenant'], summary: 'Web-App-Manifest des Mandanten' } },
      async (req, reply) => {
        const tenant = requireTenant(req);
        return reply
          .header('Cache-Control', 'no-cache')
          .type('application/manifest+json; charset=utf-8')
          .send(JSON.stringify(webAppManifest(tenant.name)));
      },
    );

    app.get(
      '/api/tenant/icon.svg',
      {
        config: { access: ACCESS.public },
        schema: {
          tags: ['tenant'],
          summary: 'App-Symbol des Mandanten',
          querystring: z.object({ maskable: z.literal('1').optional() }),
        },
      },
      async (req, reply) => {
        const tenant = requireTenant(req);
        return reply
          .header('Cache-Control', 'public, max-age=86400')
          .type('image/svg+xml')
          .send(tenantIconSvg(tenant.name, req.query.maskable === '1'));
      },
    );
  };
