import {
  deliveryList,
  tokenCreated,
  tokenDto,
  tokenIdParams,
  tokenList,
  tokenRequest,
  webhookList,
  webhookPatch,
  webhookRequest,
  webhookSaved,
} from '@contracts/integrations';
import { ACCESS, type RouteAccess } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { createToken, listOwnTokens, listTenantTokens, revoke } from './tokens';
import { changeWebhook, createWebhook, listWebhooks, removeWebhook, webhookDeliveries } from './webhooks';

/**
 * The integration API's own administration (decision 213): a person's tokens
 * in the profile (signed in), the tenant's tokens and webhooks under the
 * tenant administration (customizing_mandant_pflege). No token reaches these routes.
 */
const TENANT_ADMIN: RouteAccess = { kind: 'section', section: '/admin/mandanten' };
// Per address; a person making more than thirty tokens or webhooks a minute is no person.
const CREATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const tags = ['integration'];
const okResponse = z.object({ ok: z.literal(true) });

export const integrationRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/integrations/tokens',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags, summary: 'Eigene API-Tokens (ohne ihren Text)', response: { 200: tokenList } },
      },
      async (req) => listOwnTokens(deps, await requireUser(deps, req)),
    );
    app.post(
      '/api/integrations/tokens',
      {
        config: { access: ACCESS.signedIn, rateLimit: CREATE_LIMIT },
        schema: {
          tags,
          summary: 'Eigenes API-Token anlegen; die Antwort zeigt seinen Text zum einzigen Mal',
          body: tokenRequest,
          response: { 200: tokenCreated },
        },
      },
      async (req) => createToken(deps, await requireUser(deps, req), 'person', req.body),
    );
    app.delete(
      '/api/integrations/tokens/:id',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags, summary: 'Eigenes API-Token widerrufen', params: tokenIdParams, response: { 200: tokenDto } },
      },
      async (req) => revoke(deps, await requireUser(deps, req), 'person', req.params.id),
    );
    app.get(
      '/api/integrations/tenant-tokens',
      { config: { access: TENANT_ADMIN }, schema: { tags, summary: 'API-Tokens des Mandanten', response: { 200: tokenList } } },
      async (req) => listTenantTokens(deps, await requireUser(deps, req)),
    );
    app.post(
      '/api/integrations/tenant-tokens',
      {
        config: { access: TENANT_ADMIN, rateLimit: CREATE_LIMIT },
        schema: {
          tags,
          summary: 'API-Token des Mandanten anlegen (mit den Rechten der anlegenden Person); Text nur in dieser Antwort',
          body: tokenRequest,
          response: { 200: tokenCreated },
        },
      },
      async (req) => createToken(deps, await requireUser(deps, req), 'tenant', req.body),
    );
    app.delete(
      '/api/integrations/tenant-tokens/:id',
      {
        config: { access: TENANT_ADMIN },
        schema: { tags, summary: 'API-Token des Mandanten widerrufen', params: tokenIdParams, response: { 200: tokenDto } },
      },
      async (req) => revoke(deps, await requireUser(deps, req), 'tenant', req.params.id),
    );
    app.get(
      '/api/integrations/webhooks',
      {
        config: { access: TENANT_ADMIN },
        schema: { tags, summary: 'Webhooks des Mandanten (ohne Secret)', response: { 200: webhookList } },
      },
      async (req) => listWebhooks(deps, await requireUser(deps, req)),
    );
    app.post(
      '/api/integrations/webhooks',
      {
        config: { access: TENANT_ADMIN, rateLimit: CREATE_LIMIT },
        schema: {
          tags,
          summary: 'Webhook anlegen; die Antwort zeigt das Signatur-Secret zum einzigen Mal',
          body: webhookRequest,
          response: { 200: webhookSaved },
        },
      },
      async (req) => createWebhook(deps, await requireUser(deps, req), req.body),
    );
    app.patch(
      '/api/integrations/webhooks/:id',
      {
        config: { access: TENANT_ADMIN },
        schema: {
          tags,
          summary: 'Webhook ändern, ein- oder ausschalten, neues Secret erzeugen (nur in dieser Antwort sichtbar)',
          params: tokenIdParams,
          body: webhookPatch,
          response: { 200: webhookSaved },
        },
      },
      async (req) => changeWebhook(deps, await requireUser(deps, req), req.params.id, req.body),
    );
    app.delete(
      '/api/integrations/webhooks/:id',
      {
        config: { access: TENANT_ADMIN },
        schema: { tags, summary: 'Webhook löschen (mit seinem Zustellprotokoll)', params: tokenIdParams, response: { 200: okResponse } },
      },
      async (req) => {
        await removeWebhook(deps, await requireUser(deps, req), req.params.id);
        return { ok: true as const };
      },
    );
    app.get(
      '/api/integrations/webhooks/:id/deliveries',
      {
        config: { access: TENANT_ADMIN },
        schema: {
          tags,
          summary: 'Zustellprotokoll eines Webhooks (die letzten 100)',
          params: tokenIdParams,
          response: { 200: deliveryList },
        },
      },
      async (req) => webhookDeliveries(deps, await requireUser(deps, req), req.params.id),
    );
  };
