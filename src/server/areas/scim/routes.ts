import { scimTokenCreated, scimTokenDto, scimTokenIdParams, scimTokenList, scimTokenRequest } from '@contracts/scim';
import type { RouteAccess } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requestOrigin, requireUser } from '../../http/request-context';
import { createScimToken, listScimTokensOf, revokeScimTokenOf } from './tokens';

/**
 * The provisioning tokens under /admin/mandanten (customizing_mandant_pflege,
 * decision 229). Under /api/admin/tenant, so no API token reaches them (decision 213).
 */
const TENANT_ADMIN: RouteAccess = { kind: 'section', section: '/admin/mandanten' };
const CREATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const tags = ['administration'];
const path = '/api/admin/tenant/scim-tokens';

export const scimAdminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      path,
      {
        config: { access: TENANT_ADMIN },
        schema: { tags, summary: 'SCIM-Provisionierung: Adresse und Tokens (ohne ihren Text)', response: { 200: scimTokenList } },
      },
      async (req) => listScimTokensOf(deps, await requireUser(deps, req), `${requestOrigin(req)}/scim/v2`),
    );
    app.post(
      path,
      {
        config: { access: TENANT_ADMIN, rateLimit: CREATE_LIMIT },
        schema: {
          tags,
          summary: 'SCIM-Token anlegen; die Antwort zeigt seinen Text zum einzigen Mal',
          body: scimTokenRequest,
          response: { 200: scimTokenCreated },
        },
      },
      async (req) => createScimToken(deps, await requireUser(deps, req), `${requestOrigin(req)}/scim/v2`, req.body),
    );
    app.delete(
      `${path}/:id`,
      {
        config: { access: TENANT_ADMIN },
        schema: {
          tags,
          summary: 'SCIM-Token widerrufen (gilt sofort nicht mehr)',
          params: scimTokenIdParams,
          response: { 200: scimTokenDto },
        },
      },
      async (req) => revokeScimTokenOf(deps, await requireUser(deps, req), req.params.id),
    );
  };
