import { randomUUID } from 'node:crypto';
import type { Db } from '@db/client';
import { auditChanges, normaliseGrants, permissionProvenance } from '@domain/access-admin';
import { BUS_TOPICS } from '@domain/integrations';
import { PERMISSION_DESCRIPTIONS, PERMISSIONS, type PermissionGrant } from '@domain/permissions';
import { countRolesAndGroups, listGroups, listRoles, sourcesOfPerson } from '@server/areas/access-admin/public';
import {
  departmentExists,
  findIdentityByEmail,
  insertIdentity,
  insertPerson,
  linksOfPerson,
  listDepartments,
  listPeoplePage,
  type PeoplePageQuery,
  replaceLinksOfPerson,
  updatePersonFields,
} from '@server/areas/people/people-repository';
import { findMemberByEmail, findMemberById, type MemberRecord } from '@server/areas/people/user-repository';
import { findAuthUser, sendInvitation } from '@server/areas/session/public';
import type { Deps } from '@server/deps';
import { assertKeepsOwnRight, audit, change, read } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { recordAccess } from '../privacy/public';
import { effectiveSetting } from '../settings/public';
import { VEHICLE_TOPIC } from '../vehicles/public';
import { endActiveUse } from './deactivation';
import { peopleErrors } from './errors';

/** /admin/benutzer: the paged people list, creating with invitation, editing fields and rights, provenance. */

const notFound = () => peopleErrors.fail('user_not_found');
const emailTaken = (email: string) => () => peopleErrors.fail('email_taken', { email });
const unknownDepartment = () => peopleErrors.fail('unknown_department');
const unknownLinks = () => peopleErrors.fail('unknown_role_or_group');

export function listPeople(
  deps: Deps,
  user: UserContext,
  q: Omit<PeoplePageQuery, 'limit' | 'offset'> & { page: number; pageSize: number },
) {
  return read(deps, user, (tx, t) =>
    listPeoplePage(tx, t, {
      ...(q.search ? { search: q.search } : {}),
      ...(q.status ? { status: q.status } : {}),
      sort: q.sort,
      dir: q.dir,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    }),
  );
}

export const departmentsOf = (deps: Deps, user: UserContext) => read(deps, user, (tx, t) => listDepartments(tx, t));

async function assertLinksExist(tx: Db, tenantId: string, roleIds: readonly string[], groupIds: readonly string[]) {
  const roles = [...new Set(roleIds)];
  const groups = [...new Set(groupIds)];
  const found = await countRolesAndGroups(tx, tenantId, roles, groups);
  if (found.roles !== roles.length || found.groups !== groups.length) throw unknownLinks();
  return { roles, groups };
}

async function namesOf(
  tx: Db,
  tenantId: string,
  links: { roleIds: readonly string[]; groupIds: readonly string[]; permissions: readonly PermissionGrant[] },
) {
  const roles = await listRoles(tx, tenantId);
  const groups = await listGroups(tx, tenantId);
  return {
    Rollen: roles.filter((r) => links.roleIds.includes(r.id)).map((r) => r.name),
    Gruppen: groups.filter((g) => links.groupIds.includes(g.id)).map((g) => g.name),
    'Direkte Berechtigungen': links.permissions.map((g) => `${g.name}=${g.value}`),
  };
}

export interface NewPerson {
  firstName: string;
  lastName: string;
  email: string;
  employeeId?: string | null;
  departmentId?: string | null;
  roleIds: string[];
  groupIds: string[];
}

/** Creates the membership (and the identity, unless the address already has one), then mails the invitation. */
export async function createPerson(deps: Deps, user: UserContext, origin: string, p: NewPerson): Promise<MemberRecord> {
  const member = await change(
    deps,
    user,
    async (tx, t) => {
      if (await findMemberByEmail(tx, t, p.email)) throw emailTaken(p.email)();
      if (p.departmentId && !(await departmentExists(tx, t, p.departmentId))) throw unknownDepartment();
      const { roles, groups } = await assertLinksExist(tx, t, p.roleIds, p.groupIds);
      let identity = await findIdentityByEmail(tx, p.email);
      if (!identity) {
        identity = randomUUID();
        await insertIdentity(tx, identity, `${p.firstName} ${p.lastName}`, p.email);
      }
      const id = await insertPerson(tx, t, {
        authUserId: identity,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        employeeId: p.employeeId ?? null,
        departmentId: p.departmentId ?? null,
      });
      await replaceLinksOfPerson(tx, t, id, { roleIds: roles, groupIds: groups, permissions: [] });
      await deps.events.publish(tx, { tenantId: t, topic: BUS_TOPICS.people, type: 'created', id });
      const created = (await findMemberById(tx, t, id))!;
      await audit(tx, user, {
        action: 'anlegen',
        subjectType: 'benutzer',
        subjectId: id,
        subjectName: `${p.firstName} ${p.lastName}`,
        changes: auditChanges(
          {},
          {
            Vorname: p.firstName,
            Nachname: p.lastName,
            'E-Mail': p.email,
            Personalnummer: p.employeeId ?? null,
            Abteilung: created.department?.name ?? null,
            ...(await namesOf(tx, t, { roleIds: roles, groupIds: groups, permissions: [] })),
          },
        ),
      });
      return created;
    },
    emailTaken(p.email),
  );
  await sendInvitation(deps, user.tenant, origin, member);
  return member;
}

export interface PersonPatch {
  firstName?: string;
  lastName?: string;
  email?: string;
  status?: 'aktiv' | 'inaktiv';
  employeeId?: string | null;
  departmentId?: string | null;
}

const fieldsOf = (m: MemberRecord) => ({
  Vorname: m.firstName,
  Nachname: m.lastName,
  'E-Mail': m.email,
  Status: m.status,
  Personalnummer: m.employeeId,
  Abteilung: m.department?.name ?? null,
});

/** Edits the fields; setting a person inactive ends all of that identity's sessions in the same transaction. */
export async function updatePerson(deps: Deps, user: UserContext, id: string, patch: PersonPatch): Promise<MemberRecord> {
  let mails: PendingMail[] = [];
  const saved = await change(
    deps,
    user,
    async (tx, t) => {
      const before = await findMemberById(tx, t, id);
      if (!before || before.status === 'geloescht') throw notFound();
      if (patch.departmentId && !(await departmentExists(tx, t, patch.departmentId))) throw unknownDepartment();
      if (patch.email && patch.email.toLowerCase() !== before.email.toLowerCase()) {
        const other = await findMemberByEmail(tx, t, patch.email);
        if (other && other.id !== id) throw emailTaken(patch.email)();
      }
      await updatePersonFields(tx, t, id, patch);
      if (patch.status === 'inaktiv' && before.status !== 'inaktiv')
        mails = await endActiveUse(deps, tx, t, before, {
          cancelBookings: await effectiveSetting(tx, t, null, 'benutzerDeaktivierungStorniertBuchungen'),
          vehicleTopic: VEHICLE_TOPIC,
        });
      const after = (await findMemberById(tx, t, id))!;
      const changes = auditChanges(fieldsOf(before), fieldsOf(after));
      if (changes.length > 0) {
        await audit(tx, user, {
          action: 'ändern',
          subjectType: 'benutzer',
          subjectId: id,
          subjectName: `${after.firstName} ${after.lastName}`,
          changes,
        });
      }
      return after;
    },
    patch.email ? emailTaken(patch.email) : undefined,
  );
  await sendAll(deps, user.tenant.id, mails);
  return saved;
}

/** A person with their links and every effective permission with where it comes from. */
export function personDetail(deps: Deps, user: UserContext, id: string) {
  return read(deps, user, async (tx, t) => {
    const member = await findMemberById(tx, t, id);
    if (!member || member.status === 'geloescht') throw notFound();
    const links = await linksOfPerson(tx, t, id);
    const sources = await sourcesOfPerson(tx, t, id);
    const identity = await findAuthUser(tx, member.authUserId);
    await recordAccess(tx, user, member, 'personendetail');
    return {
      member,
      ...links,
      effective: sources ? permissionProvenance(sources.sources, PERMISSIONS) : [],
      secondFactor: identity?.twoFactorEnabled === true,
    };
  });
}

export function setAccessOfPerson(
  deps: Deps,
  user: UserContext,
  id: string,
  next: { roleIds: string[]; groupIds: string[]; permissions: PermissionGrant[] },
) {
  return change(deps, user, async (tx, t) => {
    const member = await findMemberById(tx, t, id);
    if (!member || member.status === 'geloescht') throw notFound();
    const { roles, groups } = await assertLinksExist(tx, t, next.roleIds, next.groupIds);
    const permissions = normaliseGrants(next.permissions);
    const before = await linksOfPerson(tx, t, id);
    const names = { before: await namesOf(tx, t, before), after: await namesOf(tx, t, { roleIds: roles, groupIds: groups, permissions }) };
    if (id === user.member.id) {
      const allRoles = await listRoles(tx, t);
      const allGroups = await listGroups(tx, t);
      const roleOf = (rid: string) => {
        const r = allRoles.find((x) => x.id === rid)!;
        return { id: r.id, name: r.name, permissions: r.permissions };
      };
      await assertKeepsOwnRight(tx, user, () => ({
        direct: permissions,
        roles: roles.map(roleOf),
        groups: allGroups
          .filter((g) => groups.includes(g.id))
          .map((g) => ({ id: g.id, name: g.name, roles: g.roles.map((r) => roleOf(r.id)) })),
      }));
    }
    await replaceLinksOfPerson(tx, t, id, { roleIds: roles, groupIds: groups, permissions });
    const changes = auditChanges(names.before, names.after);
    if (changes.length > 0) {
      await audit(tx, user, {
        action: 'ändern',
        subjectType: 'benutzer',
        subjectId: id,
        subjectName: `${member.firstName} ${member.lastName}`,
        changes,
      });
    }
  });
}

/** Roles, groups and permissions for the person editor; a benutzer_pflegen holder needs them without /admin/rollen. */
export function accessOptionsOf(deps: Deps, user: UserContext) {
  return read(deps, user, async (tx, t) => ({
    roles: (await listRoles(tx, t)).map((r) => ({ id: r.id, name: r.name })),
    groups: (await listGroups(tx, t)).map((g) => ({ id: g.id, name: g.name })),
    permissions: PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })),
  }));
}
