import { defineArea } from '../../kernel/area';
import { registerSessionJobs } from './jobs';
import { sessionRoutes } from './routes';

export const manifest = defineArea({
  name: 'session',
  routes: [sessionRoutes],
  jobs: [registerSessionJobs],
});
