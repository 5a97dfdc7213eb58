import { defineArea } from '../../kernel/area';
import { locationRoutes } from './routes';

export const manifest = defineArea({
  name: 'locations',
  routes: [locationRoutes],
});
