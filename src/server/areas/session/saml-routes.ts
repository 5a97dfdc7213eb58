import { SAML_ACS_PATH, SAML_METADATA_PATH, SAML_SLO_PATH } from '@domain/saml-sign-on';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requestOrigin, requireTenant } from '../../http/request-context';
import { REDIRECT_COOKIE } from '../../plugins/spa';
import { sessionErrors } from './errors';
import { finishSamlSignOn, handleSamlLogoutMessage, samlServiceProviderMetadata } from './saml-sign-on';

/**
 * Buchbar's SAML service provider on each tenant address (decision 232): its
 * metadata for the tenant's IdP and the assertion consumer service the IdP's
 * browser form posts to. The ACS reads the form itself (only here), and
 * always answers with a redirect: a broken or refused answer ends on the login
 * page, never as a JSON error.
 */
export const samlRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The IdP's HTTP-POST binding sends an HTML form; nowhere else does Buchbar read one, so the parser lives in this plugin only.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    // Anything else a browser might send ends on the login page like any refusal, not as a 415.
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, _body, done) => done(null, {}));

    app.get(
      SAML_METADATA_PATH,
      {
        config: { access: { kind: 'public' } },
        schema: { tags: ['session'], summary: 'SAML-Metadaten von Buchbar (Service Provider) für den Identity Provider des Mandanten' },
      },
      async (req, reply) => {
        requireTenant(req);
        return reply
          .type('application/samlmetadata+xml; charset=utf-8')
          .header('content-disposition', 'attachment; filename="buchbar-saml-metadata.xml"')
          .send(samlServiceProviderMetadata(requestOrigin(req)));
      },
    );

    app.post(
      SAML_ACS_PATH,
      {
        // Per client address: many people behind one company proxy sign in at the start of the day; a forged post costs
        // one signature check before it is refused.
        config: { access: { kind: 'public' }, rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['session'],
          summary: 'Antwort des SAML Identity Providers nach der Anmeldung (Weiterleitung)',
          hide: true,
          body: z.unknown(),
        },
      },
      async (req, reply) => {
        const tenant = requireTenant(req);
        const raw = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
        const field = (v: unknown) => (typeof v === 'string' && v.length <= 400_000 ? v : undefined);
        const step = await finishSamlSignOn(
          deps,
          tenant,
          requestOrigin(req),
          { SAMLResponse: field(raw.SAMLResponse), RelayState: field(raw.RelayState) },
          req.cookies,
          req.headers,
        );
        for (const c of step.cookies) reply.header('set-cookie', c);
        if (step.ok) reply.clearCookie(REDIRECT_COOKIE, { path: '/' });
        return reply.redirect(step.location, 303);
      },
    );

    app.get(
      SAML_SLO_PATH,
      {
        // The IdP's logout runs through every service provider of a person at once; per client address like the ACS.
        config: { access: { kind: 'public' }, rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['session'],
          summary: 'Abmeldung über den SAML Identity Provider (LogoutRequest und LogoutResponse, Weiterleitung)',
          hide: true,
          querystring: z.record(z.string(), z.string().max(400_000)),
        },
      },
      async (req, reply) => {
        const tenant = requireTenant(req);
        const rawQuery = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
        const step = await handleSamlLogoutMessage(deps, tenant, requestOrigin(req), req.query, rawQuery, req.cookies);
        if (!step) throw sessionErrors.fail('not_found_saml');
        for (const c of step.cookies) reply.header('set-cookie', c);
        if (!step.ok) throw sessionErrors.fail('saml_logout_invalid');
        return reply.redirect(step.location, 302);
      },
    );
  };
