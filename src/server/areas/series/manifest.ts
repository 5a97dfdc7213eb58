import { defineArea } from '../../kernel/area';
import { registerSeriesJobs } from './jobs';
import { bookingSeriesRoutes } from './routes';

export const manifest = defineArea({
  name: 'series',
  routes: [bookingSeriesRoutes],
  jobs: [registerSeriesJobs],
});
