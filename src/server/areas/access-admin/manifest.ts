import { defineArea } from '../../kernel/area';
import { accessAdminRoutes } from './routes';

export const manifest = defineArea({
  name: 'access-admin',
  routes: [accessAdminRoutes],
});
