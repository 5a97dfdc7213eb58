import { defineArea } from '../../kernel/area';
import { tenantAdminRoutes } from './admin-routes';
import { tenantRoutes } from './routes';

export const manifest = defineArea({
  name: 'tenant',
  routes: [tenantRoutes, tenantAdminRoutes],
});
