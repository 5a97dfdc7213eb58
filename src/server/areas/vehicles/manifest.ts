import { defineArea } from '../../kernel/area';
import { registerVehicleJobs } from './jobs';
import { vehicleRoutes } from './routes';

export const manifest = defineArea({
  name: 'vehicles',
  routes: [vehicleRoutes],
  jobs: [registerVehicleJobs],
});
