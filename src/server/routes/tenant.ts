import { tenantInfo } from '@contracts/session';
import { withTenant } from '@db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../deps';
import { requireTenant } from '../http/request-context';
import { effectiveSetting } from '../services/settings/effective-settings';
import { tenantTexts } from '../services/tenant/tenant-texts';

export const tenantRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/tenant',
      { schema: { tags: ['tenant'], summary: 'Öffentliche Angaben des Mandanten der Adresse', response: { 200: tenantInfo } } },
      async (req) => {
        const tenant = requireTenant(req);
        return {
          id: tenant.id,
          name: tenant.name,
          features: tenant.features,
          ...(await tenantTexts(deps, tenant.id)),
          emailCodeSignIn:
            (await withTenant(deps.database.db, tenant.id, (tx) => effectiveSetting(tx, tenant.id, null, 'anmeldungPerEmailCode'))) ===
            true,
        };
      },
    );
  };
