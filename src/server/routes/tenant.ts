import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantInfo } from '../../contracts/session';
import type { Deps } from '../deps';
import { requireTenant } from '../http/request-context';
import { findTenantTexts } from '../repositories/tenant-repository';

export const tenantRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/tenant',
    { schema: { tags: ['tenant'], summary: 'Öffentliche Angaben des Mandanten der Adresse', response: { 200: tenantInfo } } },
    async (req) => {
      const tenant = requireTenant(req);
      const texts = await findTenantTexts(deps.database.db, tenant.id);
      return { id: tenant.id, name: tenant.name, features: tenant.features, privacyText: texts?.privacyText ?? '', imprintText: texts?.imprintText ?? '' };
    },
  );
};
