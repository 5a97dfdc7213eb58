import { randomBytes } from 'node:crypto';
import { withTenant } from '@db/client';
import { auditChanges } from '@domain/access-admin';
import { UPLOAD_CONTENT_TYPES, validateUpload } from '@domain/uploads';
import {
  deleteDomain,
  domainOwner,
  findTenantAdmin,
  insertDomain,
  setCustomerName,
  updateTenantFields,
} from '@server/areas/tenant/tenant-admin-repository';
import type { Deps } from '@server/deps';
import type { StoredFile } from '@server/storage/file-storage';
import { audit, change, read } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { tenantErrors } from './errors';

/**
 * /admin/mandanten: a tenant admin keeps the tenant's own name, domains, texts,
 * legacy customer name and logo. Features and whole tenants belong to the
 * operator (decision 080): a tenant admin never names another tenant's id here,
 * every statement takes the id of the signed-in member's tenant.
 */

const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const LOGO_BUCKET = 'logos';

const domainTaken = (domain: string) => tenantErrors.fail('domain_taken', { domain });
const domainInUse = (domain: string) => tenantErrors.fail('domain_in_use', { domain });
const domainUnknown = () => tenantErrors.fail('domain_not_found');

export interface TenantAdminView {
  id: string;
  name: string;
  subIdentifier: string;
  customerName: string | null;
  privacyText: string;
  imprintText: string;
  features: string[];
  hasLogo: boolean;
  domains: { domain: string; current: boolean }[];
}

async function view(deps: Deps, user: UserContext, host: string): Promise<TenantAdminView> {
  const t = await read(deps, user, (tx, id) => findTenantAdmin(tx, id));
  if (!t) throw tenantErrors.fail('tenant_not_found');
  return {
    id: t.id,
    name: t.name,
    subIdentifier: t.subIdentifier,
    customerName: t.customerName,
    privacyText: t.privacyText,
    imprintText: t.imprintText,
    features: t.features,
    hasLogo: t.logoPath !== null,
    domains: t.domains.map((domain) => ({ domain, current: domain === host })),
  };
}

export const tenantAdminView = view;

export async function updateTenantAdmin(
  deps: Deps,
  user: UserContext,
  host: string,
  patch: { name?: string; customerName?: string | null; privacyText?: string; imprintText?: string },
): Promise<TenantAdminView> {
  await change(deps, user, async (tx, id) => {
    const before = await findTenantAdmin(tx, id);
    if (!before) throw tenantErrors.fail('tenant_not_found');
    const { customerName, ...fields } = patch;
    await updateTenantFields(tx, id, fields);
    if (customerName !== undefined) await setCustomerName(tx, id, customerName || null);
    const after = (await findTenantAdmin(tx, id))!;
    // Long texts are audited as changed, not copied whole into the trail.
    const shown = (x: typeof before) => ({
      Name: x.name,
      Kundenname: x.customerName,
      Datenschutztext: x.privacyText === before.privacyText ? 'unverändert' : 'geändert',
      Impressum: x.imprintText === before.imprintText ? 'unverändert' : 'geändert',
    });
    const changes = auditChanges(shown(before), shown(after)).filter((c) => c.new !== 'unverändert');
    if (changes.length > 0)
      await audit(tx, user, { action: 'ändern', subjectType: 'mandant', subjectId: id, subjectName: after.name, changes });
  });
  return view(deps, user, host);
}

export async function addDomain(deps: Deps, user: UserContext, host: string, domain: string): Promise<TenantAdminView> {
  await change(
    deps,
    user,
    async (tx, id) => {
      if (await domainOwner(tx, domain)) throw domainTaken(domain);
      await insertDomain(tx, id, domain);
      await audit(tx, user, {
        action: 'ändern',
        subjectType: 'mandant',
        subjectId: id,
        subjectName: user.tenant.name,
        changes: [{ field: 'Domain', old: null, new: domain }],
      });
    },
    () => domainTaken(domain),
  );
  return view(deps, user, host);
}

/** The domain the admin is using now stays: removing it would cut off the request's own tenant. */
export async function removeDomain(deps: Deps, user: UserContext, host: string, domain: string): Promise<TenantAdminView> {
  const wanted = domain.trim().toLowerCase();
  await change(deps, user, async (tx, id) => {
    if ((await domainOwner(tx, wanted)) !== id) throw domainUnknown();
    if (wanted === host) throw domainInUse(wanted);
    await deleteDomain(tx, id, wanted);
    await audit(tx, user, {
      action: 'ändern',
      subjectType: 'mandant',
      subjectId: id,
      subjectName: user.tenant.name,
      changes: [{ field: 'Domain', old: wanted, new: null }],
    });
  });
  return view(deps, user, host);
}

/** The logo lives in the logos bucket under the tenant's id; the row keeps its path. */
export async function uploadLogo(deps: Deps, user: UserContext, host: string, bytes: Buffer): Promise<TenantAdminView> {
  const kind = validateUpload(bytes, { allowed: ['png', 'jpg'], maxBytes: MAX_LOGO_BYTES });
  const path = `logo-${randomBytes(6).toString('hex')}.${kind}`;
  await deps.storage.put(LOGO_BUCKET, user.tenant.id, path, bytes, UPLOAD_CONTENT_TYPES[kind]);
  const previous = await change(deps, user, async (tx, id) => {
    const before = await findTenantAdmin(tx, id);
    await updateTenantFields(tx, id, { logoPath: path });
    await audit(tx, user, {
      action: 'ändern',
      subjectType: 'mandant',
      subjectId: id,
      subjectName: user.tenant.name,
      changes: [{ field: 'Logo', old: before?.logoPath ? 'vorhanden' : null, new: 'neu hochgeladen' }],
    });
    return before?.logoPath ?? null;
  });
  if (previous) await deps.storage.remove(LOGO_BUCKET, user.tenant.id, previous).catch(() => undefined);
  return view(deps, user, host);
}

export async function removeLogo(deps: Deps, user: UserContext, host: string): Promise<TenantAdminView> {
  const previous = await change(deps, user, async (tx, id) => {
    const before = await findTenantAdmin(tx, id);
    if (!before?.logoPath) return null;
    await updateTenantFields(tx, id, { logoPath: null });
    await audit(tx, user, {
      action: 'ändern',
      subjectType: 'mandant',
      subjectId: id,
      subjectName: user.tenant.name,
      changes: [{ field: 'Logo', old: 'vorhanden', new: null }],
    });
    return before.logoPath;
  });
  if (previous) await deps.storage.remove(LOGO_BUCKET, user.tenant.id, previous).catch(() => undefined);
  return view(deps, user, host);
}

/** The logo of the request's tenant for the header; null when it has none. */
export async function tenantLogo(deps: Deps, tenantId: string): Promise<StoredFile | null> {
  const t = await withTenant(deps.database.db, tenantId, (tx) => findTenantAdmin(tx, tenantId));
  if (!t?.logoPath) return null;
  return deps.storage.get(LOGO_BUCKET, tenantId, t.logoPath);
}
