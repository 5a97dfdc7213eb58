import { defineArea } from '../../kernel/area';
import { userRoutes } from './routes';

export const manifest = defineArea({
  name: 'people',
  routes: [userRoutes],
});
