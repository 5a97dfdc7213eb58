import { okResponse } from '@contracts/session';
import {
  accessOptions,
  createPersonRequest,
  departmentList,
  peoplePage,
  peopleQuery,
  personAccessRequest,
  personDetailResponse,
  personFieldsPatch,
  userIdParams,
  userSummary,
} from '@contracts/users';
import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requestOrigin, requireUser } from '../../http/request-context';
import { resetSecondFactorOf } from '../session/public';
import { erasePerson } from './erase-person';
import { inviteUser } from './manage-users';
import { accessOptionsOf, createPerson, departmentsOf, listPeople, personDetail, setAccessOfPerson, updatePerson } from './people';
import type { MemberRecord } from './user-repository';

/** /admin/benutzer (benutzer_pflegen); each route declares its access in its own options. */

const USERS = { access: { kind: 'section', section: '/admin/benutzer' } } as const;
const tags = ['users'];

const toDto = (m: Pick<MemberRecord, 'id' | 'employeeId' | 'firstName' | 'lastName' | 'email' | 'status' | 'department'>) => ({
  id: m.id,
  employeeId: m.employeeId,
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email,
  status: m.status === 'aktiv' ? ('aktiv' as const) : ('inaktiv' as const),
  department: m.department,
});

export const userRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/users',
      {
        config: { access: ACCESS.users },
        schema: {
          tags,
          summary: 'Benutzer des Mandanten: Suche, Sortierung, Seiten',
          querystring: peopleQuery,
          response: { 200: peoplePage },
        },
      },
      async (req) => {
        const page = await listPeople(deps, await requireUser(deps, req), req.query);
        return { users: page.people.map(toDto), total: page.total, page: req.query.page, pageSize: req.query.pageSize };
      },
    );

    app.post(
      '/api/users',
      {
        config: USERS,
        schema: { tags, summary: 'Person anlegen und einladen', body: createPersonRequest, response: { 201: userSummary } },
      },
      async (req, reply) =>
        reply.code(201).send(toDto(await createPerson(deps, await requireUser(deps, req), requestOrigin(req), req.body))),
    );

    app.get(
      '/api/users/:id',
      {
        config: USERS,
        schema: {
          tags,
          summary: 'Person mit Rollen, Gruppen, Rechten und deren Herkunft',
          params: userIdParams,
          response: { 200: personDetailResponse },
        },
      },
      async (req) => {
        const d = await personDetail(deps, await requireUser(deps, req), req.params.id);
        return {
          user: toDto(d.member),
          roleIds: d.roleIds,
          groupIds: d.groupIds,
          permissions: d.permissions,
          effective: d.effective,
          secondFactor: d.secondFactor,
        };
      },
    );

    app.patch(
      '/api/users/:id',
      {
        config: { access: ACCESS.users },
        schema: {
          tags,
          summary: 'Benutzer ändern (Status inaktiv beendet alle Sitzungen)',
          params: userIdParams,
          body: personFieldsPatch,
          response: { 200: userSummary },
        },
      },
      async (req) => toDto(await updatePerson(deps, await requireUser(deps, req), req.params.id, req.body)),
    );

    app.delete(
      '/api/users/:id',
      {
        config: USERS,
        schema: {
          tags,
          summary: 'Person löschen (anonymisieren, Art. 17 DSGVO): Name, E-Mail, Rechte, Führerschein und Scans gehen, Fahrtenbuch bleibt',
          params: userIdParams,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await erasePerson(deps, await requireUser(deps, req), req.params.id);
        return { ok: true as const, message: 'Die Person wurde gelöscht.' };
      },
    );

    app.put(
      '/api/users/:id/access',
      {
        config: USERS,
        schema: {
          tags,
          summary: 'Rollen, Gruppen und direkte Berechtigungen setzen',
          params: userIdParams,
          body: personAccessRequest,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await setAccessOfPerson(deps, await requireUser(deps, req), req.params.id, req.body);
        return { ok: true as const, message: 'Die Rechte wurden gespeichert.' };
      },
    );

    app.post(
      '/api/users/:id/invitation',
      {
        config: { access: ACCESS.users },
        schema: {
          tags,
          summary: 'Einladung mit Link zum Festlegen des Passworts senden',
          params: userIdParams,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await inviteUser(deps, await requireUser(deps, req), requestOrigin(req), req.params.id);
        return { ok: true as const, message: 'Die Einladung wurde versendet.' };
      },
    );

    app.get(
      '/api/admin/access-options',
      { config: USERS, schema: { tags, summary: 'Rollen, Gruppen und Berechtigungen zur Auswahl', response: { 200: accessOptions } } },
      async (req) => accessOptionsOf(deps, await requireUser(deps, req)),
    );

    app.get(
      '/api/admin/departments',
      { config: USERS, schema: { tags, summary: 'Abteilungen', response: { 200: departmentList } } },
      async (req) => ({ departments: await departmentsOf(deps, await requireUser(deps, req)) }),
    );

    app.post(
      '/api/users/:id/second-factor/reset',
      {
        config: USERS,
        schema: {
          tags,
          summary: 'Verlorenen zweiten Faktor zurücksetzen (protokolliert)',
          params: userIdParams,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await resetSecondFactorOf(deps, await requireUser(deps, req), req.params.id);
        return { ok: true as const, message: 'Der zweite Faktor wurde zurückgesetzt.' };
      },
    );
  };
