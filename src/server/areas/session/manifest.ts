import { seedSingleSignOn } from '@db/seed/single-sign-on';
import { defineArea } from '../../kernel/area';
import { registerSessionJobs } from './jobs';
import { sessionRoutes } from './routes';
import { samlRoutes } from './saml-routes';

export const manifest = defineArea({
  name: 'session',
  routes: [sessionRoutes, samlRoutes],
  jobs: [registerSessionJobs],
  demo: {
    after: ['tenant'],
    run: async (tx, { appSecret }) => {
      if (appSecret) await seedSingleSignOn(tx, appSecret);
    },
  },
});
