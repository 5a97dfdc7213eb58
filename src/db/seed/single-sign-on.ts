import { symmetricEncrypt } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';

/**
 * The demo's single sign-on (decision 100): the Stadtwerke point at the local
 * test provider that `npm run dev:idp` starts. Seed and provider share these
 * values, so the demo works without typing anything under /admin/mandanten.
 * The client secret is a demo value like the demo password; nothing in the demo
 * depends on the provider running (the password form stays for everyone).
 */
export const DEMO_IDP = {
  port: 4010,
  issuer: 'http://localhost:4010',
  clientId: 'buchbar',
  clientSecret: 'buchbar-demo-secret-0123456789abcdef',
  providerName: 'Stadtwerke-Login (Demo)',
  tenant: 'stadtwerke',
  defaultGroup: 'Alle Mitarbeitenden',
} as const;

/** The Stadtwerke provider row; its secret is encrypted with the app secret like one an admin enters. */
export async function seedSingleSignOn(db: Db, appSecret: string): Promise<void> {
  const [tenant] = await db.select({ id: t.tenants.id }).from(t.tenants).where(eq(t.tenants.subIdentifier, DEMO_IDP.tenant));
  if (!tenant) return;
  const [group] = await db
    .select({ id: t.groups.id })
    .from(t.groups)
    .where(and(eq(t.groups.tenantId, tenant.id), eq(t.groups.name, DEMO_IDP.defaultGroup)));
  await db.insert(t.tenantSingleSignOn).values({
    tenantId: tenant.id,
    providerName: DEMO_IDP.providerName,
    issuerUrl: DEMO_IDP.issuer,
    clientId: DEMO_IDP.clientId,
    clientSecretEncrypted: await symmetricEncrypt({ key: appSecret, data: DEMO_IDP.clientSecret }),
    defaultGroupId: group?.id ?? null,
    passwordAllowed: false,
  });
}
