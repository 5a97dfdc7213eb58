import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../contracts/session';
import { updateUserRequest, userIdParams, userList, userSummary } from '../../contracts/users';
import type { Deps } from '../deps';
import { requestOrigin, requireSection } from '../http/request-context';
import type { MemberRecord } from '../repositories/user-repository';
import { inviteUser, listUsers, updateUser } from '../services/users/manage-users';

const SECTION = '/admin/benutzer';

const toDto = (m: MemberRecord) => ({
  id: m.id,
  employeeId: m.employeeId,
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email,
  status: m.status === 'aktiv' ? ('aktiv' as const) : ('inaktiv' as const),
  department: m.department,
});

export const userRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/users', { schema: { tags: ['users'], summary: 'Benutzer des Mandanten', response: { 200: userList } } }, async (req) => {
    const user = await requireSection(deps, req, SECTION);
    return { users: (await listUsers(deps, user)).map(toDto) };
  });

  app.patch(
    '/api/users/:id',
    { schema: { tags: ['users'], summary: 'Benutzer ändern (Status inaktiv beendet alle Sitzungen)', params: userIdParams, body: updateUserRequest, response: { 200: userSummary } } },
    async (req) => {
      const user = await requireSection(deps, req, SECTION);
      return toDto(await updateUser(deps, user, req.params.id, req.body));
    },
  );

  app.post(
    '/api/users/:id/invitation',
    { schema: { tags: ['users'], summary: 'Einladung mit Link zum Festlegen des Passworts senden', params: userIdParams, response: { 200: okResponse } } },
    async (req) => {
      const user = await requireSection(deps, req, SECTION);
      await inviteUser(deps, user, requestOrigin(req), req.params.id);
      return { ok: true as const, message: 'Die Einladung wurde versendet.' };
    },
  );
};
