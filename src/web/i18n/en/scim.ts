import type { scim as de } from '../de/scim';

/** SCIM provisioning in the client administration, decision 229. */
export const scim: typeof de = {
  title: 'Provisioning (SCIM)',
  intro:
    'Your identity provider (for example Microsoft Entra ID or Okta) creates, changes and deactivates people and groups over SCIM 2.0. Enter the address and a token from here there. Whoever is deactivated there is signed out here at once.',
  endpoint: 'SCIM address (tenant URL)',
  name: 'Name',
  namePlaceholder: 'e.g. Entra ID',
  expiresOn: 'Valid until (inclusive)',
  create: 'Create token',
  created: 'The token was created. Copy it now: it will never be shown again.',
  secret: 'Your new token',
  tokens: 'Provisioning tokens',
  none: 'No tokens yet.',
  expires: 'Valid until',
  lastUsed: 'Last used',
  never: 'never',
  createdBy: 'Created by',
  revoke: 'Revoke',
  revokeLabel: 'Revoke token {{name}}',
  revoked: 'revoked',
  expired: 'expired',
  active: 'active',
};
