import {
  auditQuery,
  auditResponse,
  confirmQuery,
  createGroupRequest,
  createRoleRequest,
  groupDetailResponse,
  groupList,
  group as groupSchema,
  idParams,
  logQuery,
  logResponse,
  memberParams,
  permissionCatalogue,
  removalPreview,
  roleList,
  role as roleSchema,
  updateGroupRequest,
  updateRoleRequest,
} from '@contracts/access-admin';
import { okResponse } from '@contracts/session';
import { PERMISSION_DESCRIPTIONS, PERMISSIONS } from '@domain/permissions';
import type { RouteAccess } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { createGroup, groupDetail, groupRemovalPreview, listGroupsAdmin, removeGroup, setGroupMember, updateGroup } from './groups';
import { createRole, listRolesAdmin, removeRole, roleRemovalPreview, updateRole } from './roles';
import { auditTrail, logEntries } from './trails';

/** /admin/rollen and /admin/gruppen (berechtigungs_pflege), audit trail and logging table (any admin permission). */

const ROLES_GROUPS: { access: RouteAccess } = { access: { kind: 'section', section: '/admin/rollen' } };
const ANY_ADMIN: { access: RouteAccess } = { access: { kind: 'section', section: '/admin' } };
const tags = ['administration'];

export const accessAdminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/permissions',
      { config: ROLES_GROUPS, schema: { tags, summary: 'Die 14 Berechtigungen mit Beschreibung', response: { 200: permissionCatalogue } } },
      async () => ({ permissions: PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })) }),
    );

    app.get(
      '/api/admin/roles',
      { config: ROLES_GROUPS, schema: { tags, summary: 'Rollen', response: { 200: roleList } } },
      async (req) => ({
        roles: await listRolesAdmin(deps, await requireUser(deps, req)),
      }),
    );
    app.post(
      '/api/admin/roles',
      { config: ROLES_GROUPS, schema: { tags, summary: 'Rolle anlegen', body: createRoleRequest, response: { 201: roleSchema } } },
      async (req, reply) => reply.code(201).send(await createRole(deps, await requireUser(deps, req), req.body.name, req.body.permissions)),
    );
    app.patch(
      '/api/admin/roles/:id',
      {
        config: ROLES_GROUPS,
        schema: {
          tags,
          summary: 'Rolle umbenennen, Berechtigungen setzen',
          params: idParams,
          body: updateRoleRequest,
          response: { 200: roleSchema },
        },
      },
      async (req) => updateRole(deps, await requireUser(deps, req), req.params.id, req.body),
    );
    app.get(
      '/api/admin/roles/:id/removal-preview',
      {
        config: ROLES_GROUPS,
        schema: { tags, summary: 'Wer beim Löschen Rechte verliert', params: idParams, response: { 200: removalPreview } },
      },
      async (req) => roleRemovalPreview(deps, await requireUser(deps, req), req.params.id),
    );
    app.delete(
      '/api/admin/roles/:id',
      {
        config: ROLES_GROUPS,
        schema: {
          tags,
          summary: 'Rolle löschen (mit confirm=true, wenn Personen Rechte verlieren)',
          params: idParams,
          querystring: confirmQuery,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await removeRole(deps, await requireUser(deps, req), req.params.id, req.query.confirm === 'true');
        return { ok: true as const, message: 'Die Rolle wurde gelöscht.' };
      },
    );

    app.get(
      '/api/admin/groups',
      { config: ROLES_GROUPS, schema: { tags, summary: 'Gruppen', response: { 200: groupList } } },
      async (req) => ({
        groups: await listGroupsAdmin(deps, await requireUser(deps, req)),
      }),
    );
    app.get(
      '/api/admin/groups/:id',
      {
        config: ROLES_GROUPS,
        schema: { tags, summary: 'Gruppe mit Rollen und Mitgliedern', params: idParams, response: { 200: groupDetailResponse } },
      },
      async (req) => groupDetail(deps, await requireUser(deps, req), req.params.id),
    );
    app.post(
      '/api/admin/groups',
      { config: ROLES_GROUPS, schema: { tags, summary: 'Gruppe anlegen', body: createGroupRequest, response: { 201: groupSchema } } },
      async (req, reply) => reply.code(201).send(await createGroup(deps, await requireUser(deps, req), req.body.name, req.body.roleIds)),
    );
    app.patch(
      '/api/admin/groups/:id',
      {
        config: ROLES_GROUPS,
        schema: {
          tags,
          summary: 'Gruppe umbenennen, Rollen setzen',
          params: idParams,
          body: updateGroupRequest,
          response: { 200: groupSchema },
        },
      },
      async (req) => updateGroup(deps, await requireUser(deps, req), req.params.id, req.body),
    );
    app.put(
      '/api/admin/groups/:id/members/:userId',
      {
        config: ROLES_GROUPS,
        schema: { tags, summary: 'Person in die Gruppe aufnehmen', params: memberParams, response: { 200: okResponse } },
      },
      async (req) => {
        await setGroupMember(deps, await requireUser(deps, req), req.params.id, req.params.userId, true);
        return { ok: true as const, message: 'Die Person ist jetzt Mitglied der Gruppe.' };
      },
    );
    app.delete(
      '/api/admin/groups/:id/members/:userId',
      {
        config: ROLES_GROUPS,
        schema: { tags, summary: 'Person aus der Gruppe entfernen', params: memberParams, response: { 200: okResponse } },
      },
      async (req) => {
        await setGroupMember(deps, await requireUser(deps, req), req.params.id, req.params.userId, false);
        return { ok: true as const, message: 'Die Person wurde aus der Gruppe entfernt.' };
      },
    );
    app.get(
      '/api/admin/groups/:id/removal-preview',
      {
        config: ROLES_GROUPS,
        schema: { tags, summary: 'Wer beim Löschen Rechte verliert', params: idParams, response: { 200: removalPreview } },
      },
      async (req) => groupRemovalPreview(deps, await requireUser(deps, req), req.params.id),
    );
    app.delete(
      '/api/admin/groups/:id',
      {
        config: ROLES_GROUPS,
        schema: {
          tags,
          summary: 'Gruppe löschen (mit confirm=true, wenn Personen Rechte verlieren)',
          params: idParams,
          querystring: confirmQuery,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await removeGroup(deps, await requireUser(deps, req), req.params.id, req.query.confirm === 'true');
        return { ok: true as const, message: 'Die Gruppe wurde gelöscht.' };
      },
    );

    app.get(
      '/api/admin/audit',
      {
        config: ANY_ADMIN,
        schema: { tags, summary: 'Änderungsprotokoll der Administration', querystring: auditQuery, response: { 200: auditResponse } },
      },
      async (req) => {
        const r = await auditTrail(deps, await requireUser(deps, req), req.query);
        return { total: r.total, entries: r.entries.map((e) => ({ ...e, at: e.at.toISOString() })) };
      },
    );
    app.get(
      '/api/admin/logs',
      {
        config: ANY_ADMIN,
        schema: { tags, summary: 'Logging-Tabelle des Mandanten', querystring: logQuery, response: { 200: logResponse } },
      },
      async (req) => {
        const r = await logEntries(deps, await requireUser(deps, req), req.query);
        return { total: r.total, entries: r.entries.map((e) => ({ ...e, at: e.at.toISOString() })) };
      },
    );
  };
