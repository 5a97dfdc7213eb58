import { seedEvaluation } from '@db/seed/evaluation';
import { defineArea } from '../../kernel/area';
import { evaluationRoutes } from './routes';

export const manifest = defineArea({
  name: 'evaluation',
  routes: [evaluationRoutes],
  demo: { after: ['reading-rooms'], run: (tx, { now }) => seedEvaluation(tx, now) },
});
