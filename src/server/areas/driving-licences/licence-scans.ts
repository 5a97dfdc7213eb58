import { type Db, withTenant } from '@db/client';
import { UPLOAD_CONTENT_TYPES, validateUpload } from '@domain/uploads';
import { attachScan, findScan } from '@server/areas/driving-licences/licence-repository';
import { findMemberById } from '@server/areas/people/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { recordAccess } from '../privacy/public';
import { effectiveSetting } from '../settings/public';
import { drivingLicencesErrors } from './errors';

/**
 * Optional scans of a checked licence (decision 045): only when the tenant
 * switched `fuehrerscheinScansSpeichern` on, checked by content (png, jpg, pdf),
 * readable by examiners only, removable at any time. Scans of a person go with
 * the person's checks when the person is removed.
 */

const MAX_SCAN = 10 * 1024 * 1024;
const BUCKET = 'fuehrerscheine';

const checkNotFound = () => drivingLicencesErrors.fail('check_not_found');

async function scansEnabled(tx: Db, tenantId: string): Promise<void> {
  if (!(await effectiveSetting(tx, tenantId, null, 'fuehrerscheinScansSpeichern'))) {
    throw drivingLicencesErrors.fail('licence_scans_off');
  }
}

export async function uploadScan(deps: Deps, user: UserContext, checkId: string, bytes: Buffer) {
  const tenantId = user.tenant.id;
  const found = await withTenant(deps.database.db, tenantId, async (tx) => {
    await scansEnabled(tx, tenantId);
    return findScan(tx, tenantId, checkId);
  });
  if (!found) throw checkNotFound();
  const kind = validateUpload(bytes, { allowed: ['png', 'jpg', 'pdf'], maxBytes: MAX_SCAN });
  const path = `${found.user_id}/${checkId}.${kind}`;
  await deps.storage.put(BUCKET, tenantId, path, bytes, UPLOAD_CONTENT_TYPES[kind]);
  await withTenant(deps.database.db, tenantId, (tx) => attachScan(tx, tenantId, checkId, path, UPLOAD_CONTENT_TYPES[kind]));
  if (found.scan_path && found.scan_path !== path) await deps.storage.remove(BUCKET, tenantId, found.scan_path);
  return { hasScan: true };
}

export async function readScan(deps: Deps, user: UserContext, checkId: string) {
  const tenantId = user.tenant.id;
  const found = await withTenant(deps.database.db, tenantId, async (tx) => {
    const scan = await findScan(tx, tenantId, checkId);
    const person = scan?.scan_path ? await findMemberById(tx, tenantId, scan.user_id) : null;
    if (person) await recordAccess(tx, user, person, 'fuehrerscheinscan');
    return scan;
  });
  if (!found?.scan_path) throw checkNotFound();
  const file = await deps.storage.get(BUCKET, tenantId, found.scan_path);
  if (!file) throw checkNotFound();
  return { bytes: file.bytes, contentType: found.scan_content_type ?? file.contentType };
}

export async function removeScan(deps: Deps, user: UserContext, checkId: string) {
  const tenantId = user.tenant.id;
  const found = await withTenant(deps.database.db, tenantId, async (tx) => {
    const f = await findScan(tx, tenantId, checkId);
    if (f?.scan_path) await attachScan(tx, tenantId, checkId, null, null);
    return f;
  });
  if (!found) throw checkNotFound();
  if (found.scan_path) await deps.storage.remove(BUCKET, tenantId, found.scan_path);
  return { hasScan: false };
}
