import { defineArea } from '../../kernel/area';
import { teamSeatingRoutes } from './routes';

export const manifest = defineArea({
  name: 'team-seating',
  routes: [teamSeatingRoutes],
});
