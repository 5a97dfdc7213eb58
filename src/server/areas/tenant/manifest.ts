import { seedDemoTenants } from '@db/seed/demo-data';
import { defineArea } from '../../kernel/area';
import { tenantAdminRoutes } from './admin-routes';
import { tenantRoutes } from './routes';

export const manifest = defineArea({
  name: 'tenant',
  routes: [tenantRoutes, tenantAdminRoutes],
  demo: { after: [], run: (tx) => seedDemoTenants(tx) },
});
