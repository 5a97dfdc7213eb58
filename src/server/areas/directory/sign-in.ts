import { withTenant } from '@db/client';
import type { Deps } from '@server/deps';
import { passwordAccepted } from './directory-client';
import { findDirectory, findDirectoryMemberByEmail } from './directory-repository';

/**
 * The directory's part of the login form (decision 223). A member the sync
 * brought in signs in by bind against their own entry; their password never
 * reaches Buchbar's store. `none`: not a directory person of this tenant, the
 * password sign-in goes on as usual.
 */
export type DirectorySignIn = { kind: 'none' } | { kind: 'accepted'; authUserId: string } | { kind: 'refused' };

export async function directorySignIn(deps: Deps, tenantId: string, email: string, password: string): Promise<DirectorySignIn> {
  const found = await withTenant(deps.database.db, tenantId, async (tx) => ({
    directory: await findDirectory(tx, tenantId),
    member: await findDirectoryMemberByEmail(tx, tenantId, email),
  }));
  const d = found.directory;
  if (!d) return { kind: 'none' };
  const member = found.member;
  try {
    if (!member) {
      // A bind that must fail, so an unknown address takes the round trip a directory person's wrong password takes.
      await passwordAccepted(d, `cn=buchbar-kein-eintrag,${d.userBaseDn}`, password || 'x');
      return { kind: 'none' };
    }
    if (member.status !== 'aktiv' || !member.directoryDn) return { kind: 'refused' };
    const ok = await passwordAccepted(d, member.directoryDn, password);
    return ok ? { kind: 'accepted', authUserId: member.authUserId } : { kind: 'refused' };
  } catch (err) {
    // The person cannot tell an unreachable directory from a wrong password without learning the address is known;
    // the admin sees the reason at the next sync, the log has it now.
    deps.log.warn({ err, tenantId }, 'directory sign-in: server not reachable');
    return member ? { kind: 'refused' } : { kind: 'none' };
  }
}
