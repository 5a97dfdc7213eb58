import { defineArea } from '../../kernel/area';
import { registerLogbookJobs } from './jobs';
import { logbookRoutes } from './routes';

export const manifest = defineArea({
  name: 'logbook',
  routes: [logbookRoutes],
  jobs: [registerLogbookJobs],
});
