import { seedDrivingLicences } from '@db/seed/driving-licences';
import { defineArea } from '../../kernel/area';
import { registerLicenceJobs } from './jobs';
import { drivingLicenceRoutes } from './routes';

export const manifest = defineArea({
  name: 'driving-licences',
  routes: [drivingLicenceRoutes],
  jobs: [registerLicenceJobs],
  demo: { after: ['tenant'], run: (tx, { now }) => seedDrivingLicences(tx, now) },
});
