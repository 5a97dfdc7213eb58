import {
  domainParams,
  domainRequest,
  samlSignOnData,
  samlSignOnSave,
  singleSignOnData,
  singleSignOnSave,
  tenantAdminData,
  tenantAdminPatch,
} from '@contracts/tenant-admin';
import type { RouteAccess } from '@domain/route-access';
import { uploadFailed } from '@domain/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requestOrigin, requireTenant, requireUser } from '../../http/request-context';
import {
  removeSamlSignOn,
  removeSingleSignOn,
  samlSignOnView,
  saveSamlSignOnSettings,
  saveSingleSignOnSettings,
  singleSignOnView,
} from '../session/public';
import { tenantErrors } from './errors';
import { addDomain, removeDomain, removeLogo, tenantAdminView, tenantLogo, updateTenantAdmin, uploadLogo } from './tenant-admin';

/** /admin/mandanten (customizing_mandant_pflege): the signed-in member's own tenant only; the tenant logo for the header. */

const CLIENTS: { access: RouteAccess } = { access: { kind: 'section', section: '/admin/mandanten' } };
const tags = ['administration'];

export const tenantAdminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const host = (req: { hostname: string }) => req.hostname.toLowerCase();

    app.get(
      '/api/admin/tenant',
      {
        config: CLIENTS,
        schema: { tags, summary: 'Eigener Mandant: Name, Domains, Funktionen, Texte', response: { 200: tenantAdminData } },
      },
      async (req) => tenantAdminView(deps, await requireUser(deps, req), host(req)),
    );
    app.patch(
      '/api/admin/tenant',
      {
        config: CLIENTS,
        schema: {
          tags,
          summary: 'Name, Kundenname, Datenschutz- und Impressumstext ändern',
          body: tenantAdminPatch,
          response: { 200: tenantAdminData },
        },
      },
      async (req) => updateTenantAdmin(deps, await requireUser(deps, req), host(req), req.body),
    );
    app.post(
      '/api/admin/tenant/domains',
      {
        config: CLIENTS,
        schema: {
          tags,
          summary: 'Domain hinzufügen (mandantenübergreifend eindeutig)',
          body: domainRequest,
          response: { 200: tenantAdminData },
        },
      },
      async (req) => addDomain(deps, await requireUser(deps, req), host(req), req.body.domain),
    );
    app.delete(
      '/api/admin/tenant/domains/:domain',
      {
        config: CLIENTS,
        schema: {
          tags,
          summary: 'Domain entfernen (nicht die gerade verwendete)',
          params: domainParams,
          response: { 200: tenantAdminData },
        },
      },
      async (req) => removeDomain(deps, await requireUser(deps, req), host(req), req.params.domain),
    );
    app.put(
      '/api/admin/tenant/logo',
      { config: CLIENTS, schema: { tags, summary: 'Logo hochladen (png/jpg, höchstens 2 MB)', response: { 200: tenantAdminData } } },
      async (req) => {
        const user = await requireUser(deps, req);
        const file = req.isMultipart() ? await req.file() : undefined;
        if (!file) throw uploadFailed('Es wurde keine Datei übermittelt.', 'No file was sent.');
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch {
          throw uploadFailed('Die Datei ist größer als 2 MB.', 'The file is larger than 2 MB.', 413);
        }
        return uploadLogo(deps, user, host(req), bytes);
      },
    );
    app.delete(
      '/api/admin/tenant/logo',
      { config: CLIENTS, schema: { tags, summary: 'Logo entfernen', response: { 200: tenantAdminData } } },
      async (req) => removeLogo(deps, await requireUser(deps, req), host(req)),
    );
    app.get(
      '/api/admin/tenant/single-sign-on',
      {
        config: CLIENTS,
        schema: {
          tags,
          summary: 'Anmeldung über einen Anbieter (OpenID Connect): Einstellungen ohne Client-Secret',
          response: { 200: singleSignOnData },
        },
      },
      async (req) => singleSignOnView(deps, await requireUser(deps, req), requestOrigin(req)),
    );
    app.put(
      '/api/admin/tenant/single-sign-on',
      {
        config: CLIENTS,
        schema: {
          tags,
          summary: 'Anmeldung über einen Anbieter einrichten oder ändern (leeres Client-Secret behält das gespeicherte)',
          body: singleSignOnSave,
          response: { 200: singleSignOnData },
        },
      },
      async (req) => saveSingleSignOnSettings(deps, await requireUser(deps, req), requestOrigin(req), req.body),
    );
    app.delete(
      '/api/admin/tenant/single-sign-on',
      {
        config: CLIENTS,
        schema: { tags, summary: 'Anmeldung über einen Anbieter entfernen', response: { 200: singleSignOnData } },
      },
      async (req) => removeSingleSignOn(deps, await requireUser(deps, req), requestOrigin(req)),
    );
    app.get(
      '/api/admin/tenant/saml',
      {
        config: CLIENTS,
        schema: {
          tags,
          summary: 'Anmeldung über SAML 2.0: Einstellungen des Identity Providers und was er von Buchbar braucht',
          response: { 200: samlSignOnData },
        },
      },
      async (req) => samlSignOnView(deps, await requireUser(deps, req), requestOrigin(req)),
    );
    app.put(
      '/api/admin/tenant/saml',
      {
        config: CLIENTS,
        schema: {
          tags,
          summary:
            'Anmeldung über SAML 2.0 einrichten oder ändern (Metadaten oder Entity-ID, SSO-URL und Zertifikat); ersetzt OpenID Connect',
          body: samlSignOnSave,
          response: { 200: samlSignOnData },
        },
      },
      async (req) => saveSamlSignOnSettings(deps, await requireUser(deps, req), requestOrigin(req), req.body),
    );
    app.delete(
      '/api/admin/tenant/saml',
      {
        config: CLIENTS,
        schema: { tags, summary: 'Anmeldung über SAML 2.0 entfernen', response: { 200: samlSignOnData } },
      },
      async (req) => removeSamlSignOn(deps, await requireUser(deps, req), requestOrigin(req)),
    );
    app.get(
      '/api/tenant/logo',
      { config: { access: { kind: 'public' } }, schema: { tags: ['tenant'], summary: 'Logo des Mandanten der Adresse (Kopfzeile)' } },
      async (req, reply) => {
        const file = await tenantLogo(deps, requireTenant(req).id);
        if (!file) throw tenantErrors.fail('logo_not_found');
        return reply
          .header('content-type', file.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=300')
          .send(file.bytes);
      },
    );
  };
