import { seedVehicleCare } from '@db/seed/vehicle-care';
import { defineArea } from '../../kernel/area';
import { registerVehicleCareJobs } from './jobs';
import { vehicleCareRoutes } from './routes';

export const manifest = defineArea({
  name: 'vehicle-care',
  routes: [vehicleCareRoutes],
  jobs: [registerVehicleCareJobs],
  demo: { after: ['vehicles'], run: (tx, { now }) => seedVehicleCare(tx, now) },
});
