import { seedDriverInstruction } from '@db/seed/driver-instruction';
import { defineArea } from '../../kernel/area';
import { registerInstructionJobs } from './jobs';
import { driverInstructionRoutes } from './routes';

export const manifest = defineArea({
  name: 'driver-instruction',
  routes: [driverInstructionRoutes],
  jobs: [registerInstructionJobs],
  demo: { after: ['tenant'], run: (tx, { now }) => seedDriverInstruction(tx, now) },
});
