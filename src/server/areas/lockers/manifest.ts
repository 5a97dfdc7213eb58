import { defineArea } from '../../kernel/area';
import { lockerRoutes } from './routes';

export const manifest = defineArea({
  name: 'lockers',
  routes: [lockerRoutes],
});
