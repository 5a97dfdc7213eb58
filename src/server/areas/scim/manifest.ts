import { defineArea } from '../../kernel/area';
import { scimAdminRoutes } from './routes';
import { listScimRoutes, scimRoutes } from './scim-routes';

/** SCIM 2.0 provisioning per tenant at /scim/v2, and its tokens under /admin/mandanten (decision 229). */
export const manifest = defineArea({
  name: 'scim',
  hooks: listScimRoutes,
  routes: [scimAdminRoutes, scimRoutes],
});
