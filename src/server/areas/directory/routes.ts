import type { RouteAccess } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directoryData, directorySave, directorySyncSummary } from '../../../contracts/directory';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { directoryView, removeDirectory, saveDirectorySettings, syncNow } from './directory-admin';

/** /admin/mandanten (customizing_mandant_pflege), next to the single sign-on: the tenant's own directory only. */
const CLIENTS: { access: RouteAccess } = { access: { kind: 'section', section: '/admin/mandanten' } };
const tags = ['administration'];
const path = '/api/admin/tenant/directory';

export const directoryRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      path,
      {
        config: CLIENTS,
        schema: {
          tags,
          summary: 'Verzeichnis (LDAP / Active Directory): Einstellungen ohne Bind-Passwort',
          response: { 200: directoryData },
        },
      },
      async (req) => directoryView(deps, await requireUser(deps, req)),
    );
    app.put(
      path,
      {
        config: CLIENTS,
        schema: {
          tags,
          summary: 'Verzeichnis einrichten oder ändern (leeres Bind-Passwort behält das gespeicherte)',
          body: directorySave,
          response: { 200: directoryData },
        },
      },
      async (req) => saveDirectorySettings(deps, await requireUser(deps, req), req.body),
    );
    app.delete(
      path,
      { config: CLIENTS, schema: { tags, summary: 'Verzeichnis entfernen', response: { 200: directoryData } } },
      async (req) => removeDirectory(deps, await requireUser(deps, req)),
    );
    app.post(
      `${path}/sync`,
      {
        config: { ...CLIENTS, rateLimit: { max: 6, timeWindow: '1 minute' } },
        schema: { tags, summary: 'Jetzt mit dem Verzeichnis abgleichen', response: { 200: directorySyncSummary } },
      },
      async (req) => syncNow(deps, await requireUser(deps, req)),
    );
  };
