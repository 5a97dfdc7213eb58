import { seedGuests } from '@db/seed/guests';
import { defineArea } from '../../kernel/area';
import { registerGuestJobs } from './jobs';
import { guestRoutes } from './routes';

export const manifest = defineArea({
  name: 'guests',
  routes: [guestRoutes],
  jobs: [registerGuestJobs],
  demo: { after: ['vehicles'], run: (tx, { now }) => seedGuests(tx, now) },
});
