import { defineArea } from '../../kernel/area';
import { eventRoutes } from './event-routes';
import { healthRoutes } from './health-routes';
import { registerMaintenanceJobs } from './jobs';
import { registerMetrics } from './metrics';

export const manifest = defineArea({
  name: 'operations',
  hooks: registerMetrics,
  routes: [healthRoutes, eventRoutes],
  jobs: [registerMaintenanceJobs],
});
