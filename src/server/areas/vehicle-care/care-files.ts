import { randomUUID } from 'node:crypto';
import { withTenant } from '@db/client';
import { UPLOAD_CONTENT_TYPES, validateUpload } from '@domain/uploads';
import { assertMayReport, vehicleOf } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { notFound } from '../vehicles/public';

const MAX_FILE = 10 * 1024 * 1024;

/**
 * A damage photo or service receipt (png/jpg/pdf, checked by its bytes) for a
 * vehicle; the id `{vehicleId}/{file}` then goes into a damage or service entry.
 */
export async function uploadCareFile(deps: Deps, user: UserContext, vehicleId: string, bytes: Buffer) {
  assertMayReport(user);
  const tenantId = user.tenant.id;
  await withTenant(deps.database.db, tenantId, (tx) => vehicleOf(tx, user, vehicleId));
  const kind = validateUpload(bytes, { allowed: ['png', 'jpg', 'pdf'], maxBytes: MAX_FILE });
  const fileId = `${vehicleId}/${randomUUID()}.${kind}`;
  await deps.storage.put('belege', tenantId, fileId, bytes, UPLOAD_CONTENT_TYPES[kind]);
  return { fileId };
}

/** Reads a file the caller reached through a record it may see (the record was checked by the caller). */
export async function readCareFile(deps: Deps, tenantId: string, fileId: string | undefined) {
  if (!fileId) throw notFound('Datei');
  const file = await deps.storage.get('belege', tenantId, fileId);
  if (!file) throw notFound('Datei');
  return file;
}
