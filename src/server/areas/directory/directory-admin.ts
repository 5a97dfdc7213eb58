import { auditChanges } from '@domain/access-admin';
import { DEFAULT_ATTRIBUTES, DEFAULT_USER_FILTER, directoryProblem, type SyncSummary } from '@domain/directory';
import { listGroups } from '@server/areas/access-admin/public';
import type { Deps } from '@server/deps';
import type { z } from 'zod';
import type { directoryData, directorySave } from '../../../contracts/directory';
import { audit, change, read } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { deleteDirectory, existingGroupIds, findDirectory, saveDirectory } from './directory-repository';
import { directoryErrors } from './errors';
import { encryptBindPassword } from './secret';
import { syncDirectory } from './sync';

/** /admin/mandanten, section LDAP / Active Directory (customizing_mandant_pflege); the bind password is write-only. */

export type DirectoryView = z.infer<typeof directoryData>;
export type DirectoryInput = z.output<typeof directorySave>;

export async function directoryView(deps: Deps, user: UserContext): Promise<DirectoryView> {
  const { d, groups } = await read(deps, user, async (tx, id) => ({
    d: await findDirectory(tx, id),
    groups: (await listGroups(tx, id)).map((g) => ({ id: g.id, name: g.name })),
  }));
  const kind = d?.kind ?? 'openldap';
  return {
    configured: d !== null,
    kind,
    url: d?.url ?? '',
    startTls: d?.startTls ?? false,
    caCertificate: d?.caCertificate ?? '',
    bindDn: d?.bindDn ?? '',
    hasBindPassword: d !== null,
    userBaseDn: d?.userBaseDn ?? '',
    userFilter: d?.userFilter ?? DEFAULT_USER_FILTER[kind],
    attributes: d?.attributes ?? DEFAULT_ATTRIBUTES[kind],
    groupBaseDn: d?.groupBaseDn ?? '',
    groupMapping: d?.groupMapping ?? [],
    disabledFilter: d?.disabledFilter ?? '',
    syncIntervalMinutes: d?.syncIntervalMinutes ?? 60,
    lastSyncAt: d?.lastSyncAt ? d.lastSyncAt.toISOString() : null,
    lastSync: d?.lastSyncSummary ?? null,
    groups,
  };
}

export async function saveDirectorySettings(deps: Deps, user: UserContext, input: DirectoryInput): Promise<DirectoryView> {
  const trim = (s: string) => s.trim();
  const clean = {
    kind: input.kind,
    url: trim(input.url).replace(/\/+$/, ''),
    startTls: input.startTls,
    caCertificate: trim(input.caCertificate),
    bindDn: trim(input.bindDn),
    bindPassword: input.bindPassword,
    userBaseDn: trim(input.userBaseDn),
    userFilter: trim(input.userFilter),
    attributes: {
      login: trim(input.attributes.login),
      email: trim(input.attributes.email),
      firstName: trim(input.attributes.firstName),
      lastName: trim(input.attributes.lastName),
      displayName: trim(input.attributes.displayName),
    },
    groupBaseDn: trim(input.groupBaseDn),
    groupMapping: input.groupMapping.map((m) => ({ groupDn: trim(m.groupDn), groupId: m.groupId })),
    disabledFilter: trim(input.disabledFilter),
    syncIntervalMinutes: input.syncIntervalMinutes,
  };
  const encrypted = clean.bindPassword ? await encryptBindPassword(deps.config, clean.bindPassword) : null;
  await change(deps, user, async (tx, id) => {
    const before = await findDirectory(tx, id);
    const problem = directoryProblem(clean, before !== null);
    if (problem) throw directoryErrors.fail(problem);
    const known = await existingGroupIds(
      tx,
      id,
      clean.groupMapping.map((m) => m.groupId),
    );
    if (clean.groupMapping.some((m) => !known.has(m.groupId))) throw directoryErrors.fail('directory_group_unknown');
    const { bindPassword: _, ...rest } = clean;
    const values = {
      ...rest,
      caCertificate: clean.caCertificate || null,
      disabledFilter: clean.disabledFilter || null,
      bindPasswordEncrypted: encrypted ?? before!.bindPasswordEncrypted,
    };
    await saveDirectory(tx, id, values);
    // The password itself never goes into the audit trail, only that it changed.
    const shown = (r: typeof values | null, secretChanged: boolean) => ({
      art: r?.kind ?? null,
      adresse: r?.url ?? null,
      startTls: r?.startTls ?? null,
      caZertifikat: r ? (r.caCertificate ? 'gespeichert' : 'keins') : null,
      bindDn: r?.bindDn ?? null,
      bindPasswort: r ? (secretChanged ? 'neu' : 'gespeichert') : null,
      personenBasis: r?.userBaseDn ?? null,
      personenFilter: r?.userFilter ?? null,
      attribute: r ? JSON.stringify(r.attributes) : null,
      gruppenBasis: r?.groupBaseDn ?? null,
      gruppenZuordnung: r ? r.groupMapping.map((m) => `${m.groupDn} → ${m.groupId}`).join('; ') : null,
      deaktiviertFilter: r?.disabledFilter ?? null,
      intervallMinuten: r?.syncIntervalMinutes ?? null,
    });
    await audit(tx, user, {
      action: before ? 'ändern' : 'anlegen',
      subjectType: 'verzeichnis',
      subjectId: id,
      subjectName: clean.url,
      changes: auditChanges(shown(before, false), shown(values, encrypted !== null)),
    });
  });
  return directoryView(deps, user);
}

export async function removeDirectory(deps: Deps, user: UserContext): Promise<DirectoryView> {
  await change(deps, user, async (tx, id) => {
    const before = await findDirectory(tx, id);
    if (!before || !(await deleteDirectory(tx, id))) throw directoryErrors.fail('directory_not_configured');
    await audit(tx, user, { action: 'löschen', subjectType: 'verzeichnis', subjectId: id, subjectName: before.url, changes: [] });
  });
  return directoryView(deps, user);
}

/** "Jetzt synchronisieren": runs at once and answers what it changed. */
export function syncNow(deps: Deps, user: UserContext): Promise<SyncSummary> {
  return syncDirectory(deps, user.tenant.id, { id: user.member.id, name: `${user.member.firstName} ${user.member.lastName}` });
}
