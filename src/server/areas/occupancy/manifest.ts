import { seedOccupancy } from '@db/seed/occupancy';
import { defineArea } from '../../kernel/area';
import { occupancyRoutes } from './routes';

/** Live occupancy for the tenant's website (decision 230). */
export const manifest = defineArea({
  name: 'occupancy',
  routes: [occupancyRoutes],
  demo: { after: ['reading-rooms'], run: (tx, { now }) => seedOccupancy(tx, now) },
});
