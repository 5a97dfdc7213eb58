import { auditChanges } from '@domain/access-admin';
import { DEFAULT_EMAIL_CLAIM, providerIdOf, singleSignOnProblem } from '@domain/single-sign-on';
import { listGroups } from '@server/areas/access-admin/public';
import { deleteSamlSignOn, findSamlSignOn } from '@server/areas/session/saml-repository';
import { encryptClientSecret } from '@server/areas/session/single-sign-on-auth';
import { deleteSingleSignOn, findSingleSignOn, groupExists, saveSingleSignOn } from '@server/areas/session/single-sign-on-repository';
import type { Deps } from '@server/deps';
import { audit, change, read } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { sessionErrors } from './errors';

/** /admin/mandanten, tab single sign-on (customizing_mandant_pflege): the tenant's own OpenID Connect provider. */

export interface SingleSignOnView {
  configured: boolean;
  providerName: string;
  issuerUrl: string;
  clientId: string;
  hasClientSecret: boolean;
  emailClaim: string;
  defaultGroupId: string | null;
  passwordAllowed: boolean;
  callbackUrl: string;
  groups: { id: string; name: string }[];
}

export async function singleSignOnView(deps: Deps, user: UserContext, origin: string): Promise<SingleSignOnView> {
  const { sso, groups } = await read(deps, user, async (tx, id) => ({
    sso: await findSingleSignOn(tx, id),
    groups: (await listGroups(tx, id)).map((g) => ({ id: g.id, name: g.name })),
  }));
  return {
    configured: sso !== null,
    providerName: sso?.providerName ?? '',
    issuerUrl: sso?.issuerUrl ?? '',
    clientId: sso?.clientId ?? '',
    hasClientSecret: sso !== null,
    emailClaim: sso?.emailClaim ?? DEFAULT_EMAIL_CLAIM,
    defaultGroupId: sso?.defaultGroupId ?? null,
    passwordAllowed: sso?.passwordAllowed ?? false,
    callbackUrl: `${origin}/api/auth/callback/${providerIdOf(user.tenant.id)}`,
    groups,
  };
}

export async function saveSingleSignOnSettings(
  deps: Deps,
  user: UserContext,
  origin: string,
  input: {
    providerName: string;
    issuerUrl: string;
    clientId: string;
    clientSecret: string;
    emailClaim: string;
    defaultGroupId: string | null;
    passwordAllowed: boolean;
  },
): Promise<SingleSignOnView> {
  const clean = {
    providerName: input.providerName.trim(),
    issuerUrl: input.issuerUrl.trim().replace(/\/+$/, ''),
    clientId: input.clientId.trim(),
    clientSecret: input.clientSecret.trim(),
    emailClaim: input.emailClaim.trim() || DEFAULT_EMAIL_CLAIM,
  };
  const encrypted = clean.clientSecret ? await encryptClientSecret(deps.config, clean.clientSecret) : null;
  await change(deps, user, async (tx, id) => {
    const before = await findSingleSignOn(tx, id);
    const problem = singleSignOnProblem(clean, before !== null);
    if (problem) throw sessionErrors.fail(problem);
    if (input.defaultGroupId && !(await groupExists(tx, id, input.defaultGroupId))) throw sessionErrors.fail('sso_group_unknown');
    const values = {
      providerName: clean.providerName,
      issuerUrl: clean.issuerUrl,
      clientId: clean.clientId,
      clientSecretEncrypted: encrypted ?? before!.clientSecretEncrypted,
      emailClaim: clean.emailClaim,
      defaultGroupId: input.defaultGroupId,
      passwordAllowed: input.passwordAllowed,
    };
    // One provider per tenant: choosing OpenID Connect ends a SAML provider (decision 232).
    const saml = await findSamlSignOn(tx, id);
    if (saml && (await deleteSamlSignOn(tx, id)))
      await audit(tx, user, { action: 'löschen', subjectType: 'saml_sign_on', subjectId: id, subjectName: saml.providerName, changes: [] });
    await saveSingleSignOn(tx, id, values);
    // The secret itself never goes into the audit trail, only that it changed.
    const shown = (r: typeof values | null, secretChanged: boolean) => ({
      anbieter: r?.providerName ?? null,
      issuer: r?.issuerUrl ?? null,
      clientId: r?.clientId ?? null,
      clientSecret: r ? (secretChanged ? 'neu' : 'gespeichert') : null,
      emailClaim: r?.emailClaim ?? null,
      standardgruppe: r?.defaultGroupId ?? null,
      ssoUndPasswort: r?.passwordAllowed ?? null,
    });
    await audit(tx, user, {
      action: before ? 'ändern' : 'anlegen',
      subjectType: 'single_sign_on',
      subjectId: id,
      subjectName: clean.providerName,
      changes: auditChanges(shown(before, false), shown(values, encrypted !== null)),
    });
  });
  return singleSignOnView(deps, user, origin);
}

export async function removeSingleSignOn(deps: Deps, user: UserContext, origin: string): Promise<SingleSignOnView> {
  await change(deps, user, async (tx, id) => {
    const before = await findSingleSignOn(tx, id);
    if (!before || !(await deleteSingleSignOn(tx, id))) throw sessionErrors.fail('not_found_2');
    await audit(tx, user, {
      action: 'löschen',
      subjectType: 'single_sign_on',
      subjectId: id,
      subjectName: before.providerName,
      changes: [],
    });
  });
  return singleSignOnView(deps, user, origin);
}
