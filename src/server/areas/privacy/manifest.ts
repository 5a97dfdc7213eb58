import { defineArea } from '../../kernel/area';
import { registerPrivacyJobs } from './jobs';
import { registerRetentionJobs } from './retention-jobs';
import { privacyRoutes } from './routes';

export const manifest = defineArea({
  name: 'privacy',
  routes: [privacyRoutes],
  jobs: [registerPrivacyJobs, registerRetentionJobs],
});
