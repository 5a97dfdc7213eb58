import { defineArea } from '../../kernel/area';
import { calendarRoutes } from './routes';

export const manifest = defineArea({
  name: 'calendar',
  routes: [calendarRoutes],
});
