/** What the SCIM provisioning offers other screens: its part of the tenant administration. */
export { ScimProvisioning } from './components/scim-provisioning';
