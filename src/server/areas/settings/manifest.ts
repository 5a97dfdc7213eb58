import { defineArea } from '../../kernel/area';
import { settingsRoutes } from './routes';

export const manifest = defineArea({
  name: 'settings',
  routes: [settingsRoutes],
});
