import { defineArea } from '../../kernel/area';
import { vehicleCareRoutes } from './routes';

export const manifest = defineArea({
  name: 'vehicle-care',
  routes: [vehicleCareRoutes],
});
