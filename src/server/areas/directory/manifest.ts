import { defineArea } from '../../kernel/area';
import { registerDirectoryJobs } from './jobs';
import { directoryRoutes } from './routes';

/** LDAP / Active Directory: sign-in by bind and the scheduled sync of people and groups (decision 223). */
export const manifest = defineArea({
  name: 'directory',
  routes: [directoryRoutes],
  jobs: [registerDirectoryJobs],
});
