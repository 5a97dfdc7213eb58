import { auditChanges } from '@domain/access-admin';
import {
  DEFAULT_SAML_MAPPING,
  SAML_METADATA_PATH,
  type SamlAttributeMapping,
  samlAcsUrlOf,
  samlEntityIdOf,
  samlSettingsProblem,
  samlSloUrlOf,
} from '@domain/saml-sign-on';
import { listGroups } from '@server/areas/access-admin/public';
import type { Deps } from '@server/deps';
import { audit, change, read } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { sessionErrors } from './errors';
import { certificateSummary, checkedCertificate, parseIdpMetadata } from './saml-metadata';
import { deleteOpenIdSignOn, deleteSamlSignOn, findSamlSignOn, saveSamlSignOn } from './saml-repository';
import { groupExists } from './single-sign-on-repository';

/** /admin/mandanten, tab single sign-on (customizing_mandant_pflege): the tenant's SAML identity provider (decision 232). */

export interface SamlSignOnView {
  configured: boolean;
  providerName: string;
  idpEntityId: string;
  idpSsoUrl: string;
  idpSloUrl: string;
  certificates: { subject: string; validTo: string; fingerprint: string }[];
  mapping: SamlAttributeMapping;
  defaultGroupId: string | null;
  passwordAllowed: boolean;
  createUnknown: boolean;
  spEntityId: string;
  acsUrl: string;
  sloUrl: string;
  metadataUrl: string;
  groups: { id: string; name: string }[];
}

export async function samlSignOnView(deps: Deps, user: UserContext, origin: string): Promise<SamlSignOnView> {
  const { sso, groups } = await read(deps, user, async (tx, id) => ({
    sso: await findSamlSignOn(tx, id),
    groups: (await listGroups(tx, id)).map((g) => ({ id: g.id, name: g.name })),
  }));
  return {
    configured: sso !== null,
    providerName: sso?.providerName ?? '',
    idpEntityId: sso?.idpEntityId ?? '',
    idpSsoUrl: sso?.idpSsoUrl ?? '',
    idpSloUrl: sso?.idpSloUrl ?? '',
    certificates: (sso?.idpCertificates ?? []).map(certificateSummary),
    mapping: sso
      ? { email: sso.emailAttribute, firstName: sso.firstNameAttribute, lastName: sso.lastNameAttribute }
      : { ...DEFAULT_SAML_MAPPING },
    defaultGroupId: sso?.defaultGroupId ?? null,
    passwordAllowed: sso?.passwordAllowed ?? false,
    createUnknown: sso?.createUnknown ?? true,
    spEntityId: samlEntityIdOf(origin),
    acsUrl: samlAcsUrlOf(origin),
    sloUrl: samlSloUrlOf(origin),
    metadataUrl: `${origin}${SAML_METADATA_PATH}`,
    groups,
  };
}

export interface SamlSignOnInput {
  providerName: string;
  metadataXml: string;
  idpEntityId: string;
  idpSsoUrl: string;
  idpSloUrl: string;
  certificate: string;
  mapping: SamlAttributeMapping;
  defaultGroupId: string | null;
  passwordAllowed: boolean;
  createUnknown: boolean;
}

/**
 * Saves the tenant's SAML IdP. Pasted metadata fills entity id, sign-in
 * address and certificates; otherwise they come from the fields, and an empty
 * certificate keeps the stored ones. A tenant has one provider: an OpenID
 * Connect provider it had is removed in the same transaction.
 */
export async function saveSamlSignOnSettings(
  deps: Deps,
  user: UserContext,
  origin: string,
  input: SamlSignOnInput,
): Promise<SamlSignOnView> {
  let entityId = input.idpEntityId.trim();
  let ssoUrl = input.idpSsoUrl.trim();
  let sloUrl = input.idpSloUrl.trim();
  let certificates: string[] = [];
  if (input.metadataXml.trim()) {
    const parsed = parseIdpMetadata(input.metadataXml);
    if (!parsed.ok) throw sessionErrors.fail(parsed.problem);
    entityId = parsed.entityId;
    ssoUrl = parsed.ssoUrl;
    sloUrl = parsed.sloUrl;
    certificates = parsed.certificates;
  } else if (input.certificate.trim()) {
    const body = checkedCertificate(input.certificate);
    if (!body) throw sessionErrors.fail('saml_certificate_invalid');
    certificates = [body];
  }
  const mapping = {
    email: input.mapping.email.trim(),
    firstName: input.mapping.firstName.trim(),
    lastName: input.mapping.lastName.trim(),
  };
  const providerName = input.providerName.trim();
  await change(deps, user, async (tx, id) => {
    const before = await findSamlSignOn(tx, id);
    const kept = certificates.length > 0 ? certificates : (before?.idpCertificates ?? []);
    const problem = samlSettingsProblem({
      providerName,
      idpEntityId: entityId,
      idpSsoUrl: ssoUrl,
      idpSloUrl: sloUrl,
      certificates: kept,
      mapping,
    });
    if (problem) throw sessionErrors.fail(problem);
    if (input.defaultGroupId && !(await groupExists(tx, id, input.defaultGroupId))) throw sessionErrors.fail('sso_group_unknown');
    const values = {
      providerName,
      idpEntityId: entityId,
      idpSsoUrl: ssoUrl,
      idpSloUrl: sloUrl || null,
      idpCertificates: kept,
      emailAttribute: mapping.email,
      firstNameAttribute: mapping.firstName,
      lastNameAttribute: mapping.lastName,
      defaultGroupId: input.defaultGroupId,
      passwordAllowed: input.passwordAllowed,
      createUnknown: input.createUnknown,
    };
    const replaced = await deleteOpenIdSignOn(tx, id);
    if (replaced)
      await audit(tx, user, { action: 'löschen', subjectType: 'single_sign_on', subjectId: id, subjectName: replaced, changes: [] });
    await saveSamlSignOn(tx, id, values);
    const shown = (r: typeof values | null) => ({
      anbieter: r?.providerName ?? null,
      entityId: r?.idpEntityId ?? null,
      ssoUrl: r?.idpSsoUrl ?? null,
      sloUrl: r?.idpSloUrl ?? null,
      zertifikate: r ? r.idpCertificates.map((c) => certificateSummary(c).fingerprint).join(' ') : null,
      attributEmail: r?.emailAttribute ?? null,
      attributVorname: r?.firstNameAttribute ?? null,
      attributNachname: r?.lastNameAttribute ?? null,
      standardgruppe: r?.defaultGroupId ?? null,
      ssoUndPasswort: r?.passwordAllowed ?? null,
      unbekannteAnlegen: r?.createUnknown ?? null,
    });
    await audit(tx, user, {
      action: before ? 'ändern' : 'anlegen',
      subjectType: 'saml_sign_on',
      subjectId: id,
      subjectName: providerName,
      changes: auditChanges(shown(before), shown(values)),
    });
  });
  return samlSignOnView(deps, user, origin);
}

export async function removeSamlSignOn(deps: Deps, user: UserContext, origin: string): Promise<SamlSignOnView> {
  await change(deps, user, async (tx, id) => {
    const before = await findSamlSignOn(tx, id);
    if (!before || !(await deleteSamlSignOn(tx, id))) throw sessionErrors.fail('not_found_saml');
    await audit(tx, user, { action: 'löschen', subjectType: 'saml_sign_on', subjectId: id, subjectName: before.providerName, changes: [] });
  });
  return samlSignOnView(deps, user, origin);
}
