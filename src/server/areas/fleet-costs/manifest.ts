import { seedFleetCosts } from '@db/seed/fleet-costs';
import { defineArea } from '../../kernel/area';
import { fleetCostsRoutes } from './routes';

export const manifest = defineArea({
  name: 'fleet-costs',
  routes: [fleetCostsRoutes],
  demo: { after: ['vehicles', 'vehicle-care', 'logbook'], run: (tx, { now }) => seedFleetCosts(tx, now) },
});
