import {
  floorPlanOccupancyResponse,
  locationOccupancyResponse,
  occupancyEmbeddingDto,
  occupancyIdParams,
  occupancyPageQuery,
  occupancyPlanSwitch,
  occupancyPlansResponse,
} from '@contracts/occupancy';
import { notFound } from '@domain/errors';
import { corsOrigin } from '@domain/occupancy';
import { ACCESS, type RouteAccess } from '@domain/route-access';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireTenant, requireUser } from '../../http/request-context';
import { etagOf, jsonOf, occupancyAnswer } from './occupancy';
import { embeddingView, occupancyPlans, saveEmbeddingOf, switchPlan } from './occupancy-admin';
import type { OccupancyKind } from './occupancy-answer';
import { type PageLang, pageCsp, REFRESH_SCRIPT, renderNotFound, renderPage } from './occupancy-page';

const tags = ['occupancy'];
/** The tenant admin's screen (/admin/mandanten) keeps the websites and the colour. */
const TENANT_ADMIN: RouteAccess = { kind: 'section', section: '/admin/mandanten' };
const pageNotFound = () => notFound({ de: 'Belegungsanzeige', en: 'Occupancy page' });
const refreshEtag = etagOf(REFRESH_SCRIPT);

/** 304 when the client already holds this text; otherwise the text with its tag. */
function sendTagged(req: FastifyRequest, reply: FastifyReply, type: string, body: { text: string; etag: string }) {
  reply.header('etag', body.etag).header('cache-control', 'no-cache');
  if (req.headers['if-none-match'] === body.etag) return reply.code(304).send();
  return reply.type(type).send(body.text);
}

/**
 * The public occupancy (decision 230): JSON with CORS for exactly the
 * tenant's websites, and the page for their iframes, whose CSP lets exactly
 * those websites frame it. No rate limit: the limit's counter lives in the
 * database, and these reads are meant to cost it nothing but the stamp.
 */
export const occupancyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const json = (kind: OccupancyKind) => async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const answer = await occupancyAnswer(deps, requireTenant(req), kind, req.params.id);
      reply.header('vary', 'Origin');
      const allowed = corsOrigin(req.headers.origin, answer.embedding.origins);
      if (allowed) reply.header('access-control-allow-origin', allowed);
      if (!answer.view) throw pageNotFound();
      return sendTagged(req, reply, 'application/json; charset=utf-8', jsonOf({ ...answer, view: answer.view }, !deps.config.production));
    };

    const page =
      (kind: OccupancyKind) =>
      async (req: FastifyRequest<{ Params: { id: string }; Querystring: { lang?: PageLang } }>, reply: FastifyReply) => {
        const lang = req.query.lang ?? 'de';
        if (lang === 'en') req.locale = 'en-us';
        const tenant = requireTenant(req);
        const answer = await occupancyAnswer(deps, tenant, kind, req.params.id);
        reply
          .header('content-security-policy', pageCsp(answer.embedding.origins))
          .header('cross-origin-resource-policy', 'cross-origin')
          .removeHeader('x-frame-options');
        if (!answer.view)
          return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(renderNotFound(lang));
        answer.html ??= {};
        const path = req.url.split('?', 1)[0]!;
        let html = answer.html[lang];
        if (!html) {
          const text = renderPage(answer.view.dto, { lang, tenantName: tenant.name, embedding: answer.embedding, path });
          html = { text, etag: etagOf(text) };
          answer.html[lang] = html;
        }
        return sendTagged(req, reply, 'text/html; charset=utf-8', html);
      };

    app.get(
      '/api/public/occupancy/floor-plans/:id',
      {
        config: { access: ACCESS.public },
        schema: {
          tags,
          summary: 'Belegung eines Grundrisses jetzt und je Stunde heute (nur Zahlen, ohne Namen)',
          params: occupancyIdParams,
          response: { 200: floorPlanOccupancyResponse },
        },
      },
      json('plan'),
    );
    app.get(
      '/api/public/occupancy/locations/:id',
      {
        config: { access: ACCESS.public },
        schema: {
          tags,
          summary: 'Belegung der freigeschalteten Grundrisse eines Standorts jetzt und je Stunde heute',
          params: occupancyIdParams,
          response: { 200: locationOccupancyResponse },
        },
      },
      json('location'),
    );
    app.get(
      '/belegung/standort/:id',
      { config: { access: ACCESS.public }, schema: { hide: true, params: occupancyIdParams, querystring: occupancyPageQuery } },
      page('location'),
    );
    app.get(
      '/belegung/:id',
      { config: { access: ACCESS.public }, schema: { hide: true, params: occupancyIdParams, querystring: occupancyPageQuery } },
      page('plan'),
    );
    app.get('/belegung/aktualisieren.js', { config: { access: ACCESS.public }, schema: { hide: true } }, async (req, reply) =>
      sendTagged(req, reply, 'text/javascript; charset=utf-8', { text: REFRESH_SCRIPT, etag: refreshEtag }),
    );

    app.get(
      '/api/admin/occupancy/floor-plans',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Grundrisse mit Belegungsanzeige für die Website (an/aus)', response: { 200: occupancyPlansResponse } },
      },
      async (req) => occupancyPlans(deps, await requireUser(deps, req)),
    );
    app.put(
      '/api/admin/occupancy/floor-plans/:id',
      {
        config: { access: ACCESS.rooms },
        schema: {
          tags,
          summary: 'Belegungsanzeige eines Grundrisses ein- oder ausschalten',
          params: occupancyIdParams,
          body: occupancyPlanSwitch,
          response: { 200: occupancyPlansResponse },
        },
      },
      async (req) => switchPlan(deps, await requireUser(deps, req), req.params.id, req.body.enabled),
    );
    app.get(
      '/api/admin/occupancy/embedding',
      {
        config: { access: TENANT_ADMIN },
        schema: {
          tags,
          summary: 'Websites, die die Belegungsanzeige einbinden dürfen, und ihre Farbe',
          response: { 200: occupancyEmbeddingDto },
        },
      },
      async (req) => embeddingView(deps, await requireUser(deps, req)),
    );
    app.put(
      '/api/admin/occupancy/embedding',
      {
        config: { access: TENANT_ADMIN },
        schema: {
          tags,
          summary: 'Websites und Farbe der Belegungsanzeige speichern',
          body: occupancyEmbeddingDto,
          response: { 200: occupancyEmbeddingDto },
        },
      },
      async (req) => saveEmbeddingOf(deps, await requireUser(deps, req), req.body),
    );
  };
