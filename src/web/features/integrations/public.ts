/** What the integration API offers other screens: the profile's token tab and the tenant administration's part. */
export { PersonalTokensPanel } from './components/token-manager';
export { TenantIntegrations } from './components/webhooks-admin';
