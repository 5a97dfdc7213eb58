import { seedTripChecklists } from '@db/seed/trip-checklist';
import { defineArea } from '../../kernel/area';
import { tripChecklistRoutes } from './routes';

export const manifest = defineArea({
  name: 'trip-checklist',
  routes: [tripChecklistRoutes],
  demo: { after: ['vehicles', 'vehicle-care', 'logbook'], run: (tx, { now }) => seedTripChecklists(tx, now) },
});
