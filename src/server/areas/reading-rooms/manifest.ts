import { seedReadingRooms } from '@db/seed/reading-rooms';
import { defineArea } from '../../kernel/area';
import { readingRoomAdminRoutes } from './admin-routes';
import { registerReadingRoomJobs } from './jobs';
import { kioskRoutes } from './kiosk-routes';
import { readingRoomRoutes } from './routes';

export const manifest = defineArea({
  name: 'reading-rooms',
  routes: [readingRoomRoutes, readingRoomAdminRoutes, kioskRoutes],
  jobs: [registerReadingRoomJobs],
  demo: { after: ['tenant'], run: (tx, { now }) => seedReadingRooms(tx, now) },
});
