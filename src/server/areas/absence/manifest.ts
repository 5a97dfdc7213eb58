import { defineArea } from '../../kernel/area';
import { absenceRoutes } from './routes';

export const manifest = defineArea({
  name: 'absence',
  routes: [absenceRoutes],
});
