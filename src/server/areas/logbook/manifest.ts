import { seedLogbook } from '@db/seed/logbook';
import { defineArea } from '../../kernel/area';
import { registerLogbookJobs } from './jobs';
import { logbookRoutes } from './routes';

export const manifest = defineArea({
  name: 'logbook',
  routes: [logbookRoutes],
  jobs: [registerLogbookJobs],
  demo: { after: ['vehicles'], run: (tx, { now }) => seedLogbook(tx, now) },
});
