import { defineArea } from '../../kernel/area';
import { registerIntegrationJobs } from './jobs';
import { integrationRoutes } from './routes';

/** API tokens and webhooks (decision 213). */
export const manifest = defineArea({
  name: 'integrations',
  routes: [integrationRoutes],
  jobs: [registerIntegrationJobs],
});
