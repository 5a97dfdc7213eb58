import { seedVehicles } from '@db/seed/vehicles';
import { defineArea } from '../../kernel/area';
import { registerVehicleJobs } from './jobs';
import { vehicleRoutes } from './routes';

export const manifest = defineArea({
  name: 'vehicles',
  routes: [vehicleRoutes],
  jobs: [registerVehicleJobs],
  demo: { after: ['tenant'], run: (tx, { now }) => seedVehicles(tx, now) },
});
