import { defineArea } from '../../kernel/area';
import { evaluationRoutes } from './routes';

export const manifest = defineArea({
  name: 'evaluation',
  routes: [evaluationRoutes],
});
