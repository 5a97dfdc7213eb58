import { randomUUID } from 'node:crypto';
import { type Db, withTenant } from '@db/client';
import { auditChanges } from '@domain/access-admin';
import { BUS_TOPICS } from '@domain/integrations';
import {
  applyPatch,
  assertIfMatch,
  type JsonObject,
  listResponse,
  type Page,
  type PatchOperation,
  parseUser,
  planConflicts,
  planUserFilter,
  type ScimSort,
  type ScimUserFields,
  scimErrors,
  toScimUser,
  type UserLookup,
  type UserSortKey,
} from '@domain/scim';
import { insertAudit } from '@server/areas/access-admin/public';
import {
  endActiveUse,
  findIdentityByEmail,
  findMemberById,
  insertIdentity,
  insertPerson,
  updatePersonFields,
} from '@server/areas/people/public';
import { effectiveSetting } from '@server/areas/settings/public';
import { VEHICLE_TOPIC } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import { sqlState } from '@server/kernel/sql-state';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import {
  findScimPeople,
  findScimPerson,
  findScimUserByUserName,
  memberIdByEmail,
  type ScimPersonRecord,
  saveScimUser,
  userNameTaken,
} from './scim-repository';
import type { ScimCaller } from './token-auth';

/**
 * SCIM Users (decision 229, docs/product.md#provisioning-scim): every member of
 * the tenant but the erased is a User; a member the provider never named has
 * their address as userName, so Entra ID finds and takes over the people Buchbar
 * already has. Deactivation is the people area's own (decision 082): sessions end
 * in the same transaction, future bookings follow the tenant's setting.
 */

const CASE_EXACT_USER = (k: UserLookup) => k === 'id' || k === 'externalId';

export const actorOf = (caller: ScimCaller) => ({ actorId: null, actorName: `SCIM-Provisionierung (${caller.tokenName})` });

const inTenant = <T>(deps: Deps, caller: ScimCaller, fn: (tx: Db, tenantId: string) => Promise<T>) =>
  withTenant(deps.database.db, caller.tenantId, (tx) => fn(tx, caller.tenantId));

const viewOf = (p: ScimPersonRecord, baseUrl: string): JsonObject =>
  toScimUser(
    {
      id: p.id,
      userName: p.userName,
      externalId: p.externalId,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      employeeId: p.employeeId,
      department: p.department,
      status: p.status,
      created: p.created,
      lastModified: p.lastModified,
    },
    baseUrl,
  );

export async function listUsers(
  deps: Deps,
  caller: ScimCaller,
  filter: string | undefined,
  page: Page,
  sort: ScimSort<UserSortKey> | null = null,
) {
  const plan = filter ? planUserFilter(filter) : [];
  if (planConflicts(plan, CASE_EXACT_USER)) return listResponse([], 0, page);
  const { total, people } = await inTenant(deps, caller, (tx, t) =>
    findScimPeople(tx, t, plan, { offset: page.offset, limit: page.count }, { sort }),
  );
  return listResponse(page.count === 0 ? [] : people.map((p) => viewOf(p, caller.baseUrl)), total, page);
}

export async function getUser(deps: Deps, caller: ScimCaller, id: string): Promise<JsonObject> {
  const person = await inTenant(deps, caller, (tx, t) => findScimPerson(tx, t, id));
  if (!person) throw scimErrors.userNotFound();
  return viewOf(person, caller.baseUrl);
}

const fieldsForAudit = (p: { firstName: string; lastName: string; email: string; status: string; employeeId: string | null }) => ({
  Vorname: p.firstName,
  Nachname: p.lastName,
  'E-Mail': p.email,
  Status: p.status,
  Personalnummer: p.employeeId,
});

/** Writes what the provider says of a person who is already a member; the deactivation runs the people area's use case. */
async function applyToMember(
  deps: Deps,
  tx: Db,
  tenantId: string,
  caller: ScimCaller,
  before: ScimPersonRecord,
  f: ScimUserFields,
): Promise<PendingMail[]> {
  if (await userNameTaken(tx, tenantId, f.userName, before.id)) throw scimErrors.userNameTaken(f.userName);
  if (f.email.toLowerCase() !== before.email.toLowerCase()) {
    const holder = await memberIdByEmail(tx, tenantId, f.email);
    if (holder && holder.id !== before.id) throw scimErrors.emailTaken(f.email);
  }
  const status = f.active ? 'aktiv' : 'inaktiv';
  const next = { firstName: f.firstName, lastName: f.lastName, email: f.email, status, employeeId: f.employeeNumber };
  const patch: Parameters<typeof updatePersonFields>[3] = {};
  if (next.firstName !== before.firstName) patch.firstName = next.firstName;
  if (next.lastName !== before.lastName) patch.lastName = next.lastName;
  if (next.email !== before.email) patch.email = next.email;
  if (next.status !== before.status) patch.status = next.status;
  if (next.employeeId !== before.employeeId) patch.employeeId = next.employeeId;
  const member = (await findMemberById(tx, tenantId, before.id))!;
  await updatePersonFields(tx, tenantId, before.id, patch);
  await saveScimUser(tx, tenantId, before.id, { userName: f.userName, externalId: f.externalId, deleted: false });
  let mails: PendingMail[] = [];
  if (status === 'inaktiv' && before.status === 'aktiv') {
    mails = await endActiveUse(deps, tx, tenantId, member, {
      cancelBookings: await effectiveSetting(tx, tenantId, null, 'benutzerDeaktivierungStorniertBuchungen'),
      vehicleTopic: VEHICLE_TOPIC,
    });
  }
  const changes = auditChanges(
    { ...fieldsForAudit(before), userName: before.userName ?? before.email, externalId: before.externalId },
    { ...fieldsForAudit(next), userName: f.userName, externalId: f.externalId },
  );
  if (changes.length > 0) {
    await insertAudit(tx, tenantId, {
      ...actorOf(caller),
      action: 'ändern',
      subjectType: 'benutzer',
      subjectId: before.id,
      subjectName: `${next.firstName} ${next.lastName}`,
      changes,
    });
  }
  return mails;
}

/** A unique violation of a racing request is the same 409 as the checks before it. */
async function guarded<T>(fn: () => Promise<T>, f: { userName: string; email: string }): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (sqlState(err) === '23505') throw scimErrors.userNameTaken(f.userName);
    throw err;
  }
}

/**
 * POST /Users: a new person, or the member who already has the address (taken
 * over, as the directory sync does, decision 223), or the person the provider
 * deleted before under the same userName (brought back). No invitation mail:
 * provisioned people sign in through the tenant's single sign-on.
 */
export async function createUser(deps: Deps, caller: ScimCaller, body: unknown): Promise<{ id: string; resource: JsonObject }> {
  const f = parseUser(body, true);
  const { id, mails } = await guarded(
    () =>
      inTenant(deps, caller, async (tx, t) => {
        const byName = await findScimUserByUserName(tx, t, f.userName);
        if (byName && !byName.deleted) throw scimErrors.userNameTaken(f.userName);
        const byEmail = await memberIdByEmail(tx, t, f.email);
        if (byEmail?.scim && !byEmail.deleted && byEmail.id !== byName?.userId) throw scimErrors.emailTaken(f.email);
        const existingId = byName && byName.status !== 'geloescht' ? byName.userId : byEmail?.id;
        if (existingId) {
          const before = await findScimPersonAny(tx, t, existingId);
          return { id: existingId, mails: await applyToMember(deps, tx, t, caller, before, f) };
        }
        if (await userNameTaken(tx, t, f.userName, null)) throw scimErrors.userNameTaken(f.userName);
        let identity = await findIdentityByEmail(tx, f.email);
        if (!identity) {
          identity = randomUUID();
          await insertIdentity(tx, identity, `${f.firstName} ${f.lastName}`.trim(), f.email);
        }
        const newId = await insertPerson(tx, t, {
          authUserId: identity,
          firstName: f.firstName,
          lastName: f.lastName,
          email: f.email,
          employeeId: f.employeeNumber,
          departmentId: null,
        });
        if (!f.active) await updatePersonFields(tx, t, newId, { status: 'inaktiv' });
        await saveScimUser(tx, t, newId, { userName: f.userName, externalId: f.externalId, deleted: false });
        await deps.events.publish(tx, { tenantId: t, topic: BUS_TOPICS.people, type: 'created', id: newId });
        await insertAudit(tx, t, {
          ...actorOf(caller),
          action: 'anlegen',
          subjectType: 'benutzer',
          subjectId: newId,
          subjectName: `${f.firstName} ${f.lastName}`,
          changes: auditChanges(
            {},
            {
              ...fieldsForAudit({ ...f, status: f.active ? 'aktiv' : 'inaktiv', employeeId: f.employeeNumber }),
              userName: f.userName,
              externalId: f.externalId,
            },
          ),
        });
        return { id: newId, mails: [] as PendingMail[] };
      }),
    f,
  );
  await sendAll(deps, caller.tenantId, mails);
  return { id, resource: await getUser(deps, caller, id) };
}

/** A member by id even while the provider's row says deleted (a POST brings them back). */
async function findScimPersonAny(tx: Db, tenantId: string, id: string): Promise<ScimPersonRecord> {
  const person = await findScimPerson(tx, tenantId, id, { includeDeleted: true });
  if (!person) throw scimErrors.userNotFound();
  return person;
}

/** The person's version, checked against an If-Match inside the write's transaction (RFC 7644 §3.14). */
const assertUserVersion = (before: ScimPersonRecord, caller: ScimCaller, ifMatch: string | undefined) =>
  assertIfMatch(ifMatch, String((viewOf(before, caller.baseUrl).meta as JsonObject).version));

async function replaceWith(
  deps: Deps,
  caller: ScimCaller,
  id: string,
  ifMatch: string | undefined,
  next: (before: ScimPersonRecord) => ScimUserFields,
) {
  let fields: ScimUserFields | null = null;
  const mails = await inTenant(deps, caller, async (tx, t) => {
    const before = await findScimPerson(tx, t, id);
    if (!before) throw scimErrors.userNotFound();
    assertUserVersion(before, caller, ifMatch);
    fields = next(before);
    return applyToMember(deps, tx, t, caller, before, fields);
  }).catch((err) => {
    if (sqlState(err) === '23505' && fields) throw scimErrors.userNameTaken((fields as ScimUserFields).userName);
    throw err;
  });
  await sendAll(deps, caller.tenantId, mails);
  return getUser(deps, caller, id);
}

/** PUT /Users/{id}: the body is the whole person; what it leaves out (externalId, employeeNumber) is cleared. */
export function replaceUser(deps: Deps, caller: ScimCaller, id: string, body: unknown, ifMatch?: string) {
  const f = parseUser(body, true);
  return replaceWith(deps, caller, id, ifMatch, () => f);
}

/** PATCH /Users/{id}: the operations applied to the person as SCIM shows them, then read back as a whole (all or nothing). */
export function patchUser(deps: Deps, caller: ScimCaller, id: string, ops: readonly PatchOperation[], ifMatch?: string) {
  return replaceWith(deps, caller, id, ifMatch, (before) => parseUser(applyPatch(viewOf(before, caller.baseUrl), ops), false));
}

/**
 * DELETE /Users/{id}: the person is deactivated (decision 082) and answers 404
 * on /scim/v2 from then on; Buchbar keeps them, inactive, until an admin erases
 * them (decision 150) or a POST names them again.
 */
export async function deleteUser(deps: Deps, caller: ScimCaller, id: string, ifMatch?: string): Promise<void> {
  const mails = await inTenant(deps, caller, async (tx, t) => {
    const before = await findScimPerson(tx, t, id);
    if (!before) throw scimErrors.userNotFound();
    assertUserVersion(before, caller, ifMatch);
    await saveScimUser(tx, t, id, { userName: before.userName ?? before.email, externalId: before.externalId, deleted: true });
    let out: PendingMail[] = [];
    if (before.status === 'aktiv') {
      const member = (await findMemberById(tx, t, id))!;
      await updatePersonFields(tx, t, id, { status: 'inaktiv' });
      out = await endActiveUse(deps, tx, t, member, {
        cancelBookings: await effectiveSetting(tx, t, null, 'benutzerDeaktivierungStorniertBuchungen'),
        vehicleTopic: VEHICLE_TOPIC,
      });
    }
    await insertAudit(tx, t, {
      ...actorOf(caller),
      action: 'ändern',
      subjectType: 'benutzer',
      subjectId: id,
      subjectName: `${before.firstName} ${before.lastName}`,
      changes: [
        ...(before.status === 'aktiv' ? [{ field: 'Status', old: 'aktiv', new: 'inaktiv' }] : []),
        { field: 'SCIM', old: before.userName ?? before.email, new: 'gelöscht' },
      ],
    });
    return out;
  });
  await sendAll(deps, caller.tenantId, mails);
}
