import { randomUUID } from 'node:crypto';
import { type Db, withTenant } from '@db/client';
import { auditChanges } from '@domain/access-admin';
import {
  adAccountDisabled,
  type DirectoryPerson,
  emptySummary,
  escapeFilterValue,
  membershipChanges,
  namesOf,
  normaliseDn,
  type SyncSummary,
  transitiveMembers,
} from '@domain/directory';
import { insertAudit, listGroups } from '@server/areas/access-admin/public';
import { endActiveUse, findIdentityByEmail, findMemberById, insertIdentity, insertPerson } from '@server/areas/people/public';
import { effectiveSetting } from '@server/areas/settings/public';
import { VEHICLE_TOPIC } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { Client } from 'ldapts';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { all, first, searchAll, withBoundClient } from './directory-client';
import {
  addToGroup,
  type DirectoryMember,
  type DirectoryRecord,
  findDirectory,
  membersForSync,
  membersOfGroups,
  recordSync,
  removeFromGroup,
  setDirectoryFields,
} from './directory-repository';
import { directoryErrors } from './errors';
import { decryptBindPassword } from './secret';

/**
 * One sync of a tenant's people and group memberships from its directory
 * (decision 223). Everything the directory says is read first, then one tenant
 * transaction applies it, so a broken connection halfway changes nothing.
 * Idempotent: a second run over an unchanged directory changes nothing and
 * writes no audit entry.
 */

/** Who is named in the audit trail: the admin who pressed the button, or the schedule. */
export type SyncActor = { id: string; name: string } | null;
const SCHEDULE_NAME = 'Verzeichnisabgleich';

interface DirectoryView {
  people: DirectoryPerson[];
  /** Normalised DNs of the members (nesting resolved) of each mapped directory group. */
  members: Map<string, Set<string>>;
}

async function readDirectory(client: Client, d: DirectoryRecord): Promise<DirectoryView> {
  const a = d.attributes;
  const wanted = [a.login, a.email, a.firstName, a.lastName, a.displayName, 'userAccountControl', 'pwdAccountLockedTime'];
  const entries = await searchAll(client, d.userBaseDn, d.userFilter, wanted);
  const disabledDns = new Set<string>();
  if (d.disabledFilter) {
    for (const e of await searchAll(client, d.userBaseDn, `(&${d.userFilter}${d.disabledFilter})`, ['dn']))
      disabledDns.add(normaliseDn(String(e.dn)));
  }
  const people = entries.map((e): DirectoryPerson => {
    const dn = String(e.dn);
    const names = namesOf(first(e, a.firstName), first(e, a.lastName), first(e, a.displayName) || first(e, a.login));
    const disabled =
      disabledDns.has(normaliseDn(dn)) ||
      (d.kind === 'active_directory'
        ? adAccountDisabled(first(e, 'userAccountControl') || undefined)
        : first(e, 'pwdAccountLockedTime') !== '');
    return { dn, email: first(e, a.email).trim(), ...names, disabled };
  });
  const members = new Map<string, Set<string>>();
  if (d.kind === 'active_directory') {
    // The server resolves nesting itself with the LDAP_MATCHING_RULE_IN_CHAIN rule.
    for (const m of d.groupMapping) {
      const found = await searchAll(
        client,
        d.userBaseDn,
        `(&${d.userFilter}(memberOf:1.2.840.113556.1.4.1941:=${escapeFilterValue(m.groupDn)}))`,
        ['dn'],
      );
      members.set(normaliseDn(m.groupDn), new Set(found.map((e) => normaliseDn(String(e.dn)))));
    }
  } else {
    const groups = await searchAll(
      client,
      d.groupBaseDn,
      '(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames)(objectClass=group))',
      ['member', 'uniqueMember'],
    );
    const graph = new Map<string, string[]>(
      groups.map((g) => [normaliseDn(String(g.dn)), [...all(g, 'member'), ...all(g, 'uniqueMember')]]),
    );
    for (const m of d.groupMapping) members.set(normaliseDn(m.groupDn), transitiveMembers(graph, m.groupDn));
  }
  return { people, members };
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

async function applyView(deps: Deps, tx: Db, tenantId: string, d: DirectoryRecord, view: DirectoryView, actor: SyncActor) {
  const summary = emptySummary();
  const mails: PendingMail[] = [];
  const log = (subjectId: string, subjectName: string, action: 'anlegen' | 'ändern', changes: ReturnType<typeof auditChanges>) =>
    changes.length === 0
      ? Promise.resolve()
      : insertAudit(tx, tenantId, {
          actorId: actor?.id ?? null,
          actorName: actor?.name ?? SCHEDULE_NAME,
          action,
          subjectType: 'benutzer',
          subjectId,
          subjectName,
          changes,
        });
  const members = await membersForSync(tx, tenantId);
  const deactivation = {
    cancelBookings: await effectiveSetting(tx, tenantId, null, 'benutzerDeaktivierungStorniertBuchungen'),
    vehicleTopic: VEHICLE_TOPIC,
  };
  const byDn = new Map(members.filter((m) => m.directoryDn).map((m) => [normaliseDn(m.directoryDn!), m]));
  const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m]));
  const seen = new Set<string>();
  /** Normalised DN → member id, for the memberships below. */
  const idOfDn = new Map<string, string>();
  const fields = (m: Pick<DirectoryMember, 'firstName' | 'lastName' | 'email' | 'status'>) => ({
    Vorname: m.firstName,
    Nachname: m.lastName,
    'E-Mail': m.email,
    Status: m.status,
  });

  for (const p of view.people) {
    const dn = normaliseDn(p.dn);
    if (!p.email || !p.lastName) {
      summary.skipped.push(`${p.dn}: ohne E-Mail-Adresse oder Nachname`);
      continue;
    }
    const existing = byDn.get(dn) ?? byEmail.get(p.email.toLowerCase());
    const holder = byEmail.get(p.email.toLowerCase());
    if (holder && existing && holder.id !== existing.id) {
      summary.skipped.push(`${p.dn}: die E-Mail-Adresse ${p.email} gehört in Buchbar einer anderen Person`);
      seen.add(existing.id);
      continue;
    }
    if (!existing) {
      if (p.disabled) continue;
      let identity = await findIdentityByEmail(tx, p.email);
      if (!identity) {
        identity = randomUUID();
        await insertIdentity(tx, identity, fullName(p), p.email);
      }
      const id = await insertPerson(tx, tenantId, {
        authUserId: identity,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        employeeId: null,
        departmentId: null,
      });
      await setDirectoryFields(tx, tenantId, id, {
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        directoryDn: p.dn,
        status: 'aktiv',
      });
      await log(id, fullName(p), 'anlegen', auditChanges({}, { ...fields({ ...p, status: 'aktiv' }), Verzeichnis: p.dn }));
      summary.created++;
      seen.add(id);
      idOfDn.set(dn, id);
      continue;
    }
    seen.add(existing.id);
    if (existing.status === 'geloescht') continue;
    idOfDn.set(dn, existing.id);
    // A person the directory disables is deactivated; one it enables again, after the directory had deactivated them, comes back.
    const status: 'aktiv' | 'inaktiv' = p.disabled ? 'inaktiv' : existing.directoryDn ? 'aktiv' : (existing.status as 'aktiv' | 'inaktiv');
    const next = { email: p.email, firstName: p.firstName, lastName: p.lastName, directoryDn: p.dn, status };
    const changes = auditChanges({ ...fields(existing), Verzeichnis: existing.directoryDn }, { ...fields(next), Verzeichnis: p.dn });
    if (changes.length === 0) continue;
    await setDirectoryFields(tx, tenantId, existing.id, next);
    if (status === 'inaktiv' && existing.status === 'aktiv') {
      mails.push(...(await endActiveUse(deps, tx, tenantId, (await findMemberById(tx, tenantId, existing.id))!, deactivation)));
      summary.deactivated++;
    } else if (status === 'aktiv' && existing.status === 'inaktiv') summary.reactivated++;
    else summary.updated++;
    await log(existing.id, fullName(next), 'ändern', changes);
  }

  // Gone from the directory (or out of the filter): deactivated, the entry kept for the record.
  for (const m of members) {
    if (!m.directoryDn || seen.has(m.id) || m.status !== 'aktiv') continue;
    await setDirectoryFields(tx, tenantId, m.id, {
      email: m.email,
      firstName: m.firstName,
      lastName: m.lastName,
      directoryDn: m.directoryDn,
      status: 'inaktiv',
    });
    mails.push(...(await endActiveUse(deps, tx, tenantId, (await findMemberById(tx, tenantId, m.id))!, deactivation)));
    summary.deactivated++;
    await log(m.id, fullName(m), 'ändern', auditChanges({ Status: 'aktiv' }, { Status: 'inaktiv' }));
  }

  // Memberships of the mapped groups: directory people join and leave as the directory says; others stay untouched.
  const managed = new Set((await membersForSync(tx, tenantId)).filter((m) => m.directoryDn).map((m) => m.id));
  const rows = await membersOfGroups(
    tx,
    tenantId,
    d.groupMapping.map((m) => m.groupId),
  );
  const wantedOf = new Map<string, Set<string>>();
  for (const m of d.groupMapping) {
    const set = wantedOf.get(m.groupId) ?? new Set<string>();
    for (const dn of view.members.get(normaliseDn(m.groupDn)) ?? []) {
      const id = idOfDn.get(dn);
      if (id) set.add(id);
    }
    wantedOf.set(m.groupId, set);
  }
  const groupName = new Map((await listGroups(tx, tenantId)).map((g) => [g.id, g.name]));
  for (const [groupId, wanted] of wantedOf) {
    const current = new Set(rows.filter((r) => r.groupId === groupId).map((r) => r.userId));
    const { add, remove } = membershipChanges(current, wanted, managed);
    for (const userId of add) {
      await addToGroup(tx, tenantId, userId, groupId);
      summary.membershipsAdded++;
      const person = await findMemberById(tx, tenantId, userId);
      await log(userId, person ? fullName(person) : userId, 'ändern', [
        { field: 'Gruppen', old: null, new: groupName.get(groupId) ?? groupId },
      ]);
    }
    for (const userId of remove) {
      await removeFromGroup(tx, tenantId, userId, groupId);
      summary.membershipsRemoved++;
      const person = await findMemberById(tx, tenantId, userId);
      await log(userId, person ? fullName(person) : userId, 'ändern', [
        { field: 'Gruppen', old: groupName.get(groupId) ?? groupId, new: null },
      ]);
    }
  }
  await recordSync(tx, tenantId, summary);
  return { summary, mails };
}

/**
 * Syncs one tenant. A directory that cannot be read ends the run without a
 * change; the reason is kept as the last result, so the admin sees it.
 */
export async function syncDirectory(deps: Deps, tenantId: string, actor: SyncActor): Promise<SyncSummary> {
  const d = await withTenant(deps.database.db, tenantId, (tx) => findDirectory(tx, tenantId));
  if (!d) throw directoryNotConfigured();
  let view: DirectoryView;
  try {
    const password = await decryptBindPassword(deps.config, d.bindPasswordEncrypted);
    view = await withBoundClient(d, d.bindDn, password, (client) => readDirectory(client, d));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await withTenant(deps.database.db, tenantId, (tx) => recordSync(tx, tenantId, { ...emptySummary(), error: message }));
    throw err;
  }
  const { summary, mails } = await withTenant(deps.database.db, tenantId, (tx) => applyView(deps, tx, tenantId, d, view, actor));
  await sendAll(deps, tenantId, mails);
  return summary;
}

const directoryNotConfigured = () => directoryErrors.fail('directory_not_configured');
