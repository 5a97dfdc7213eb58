import path from 'node:path';
import { defineArea } from '../../kernel/area';
import { createHandbook } from './handbook';
import { handbookRoutes } from './routes';

export const manifest = defineArea({
  name: 'handbook',
  routes: [(_deps, env) => handbookRoutes(createHandbook(path.join(env.projectRoot, 'docs/handbuch')))],
});
