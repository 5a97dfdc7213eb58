import { RouterProvider } from '@tanstack/react-router';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app.css';
import { App } from './app';
import { guestKeys } from './features/guests/api/keys';
import { readingRoomKeys } from './features/reading-rooms/api/keys';
import { i18n, initI18n, isAppLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { reloadOnce } from './lib/reload-guard';
import { seedStartData } from './lib/start-data';
import { whenIdle } from './lib/when-idle';
import { createAppRouter } from './router';

// A deployment removed the code chunks this tab refers to: load the new version (at most once per 10 s).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('#root missing in index.html');

/**
 * A page the server rendered (decision 207) is hydrated: the browser starts
 * with the query cache of the server's render and the language it rendered
 * in, resolves the same address with the same data and code, and takes over
 * the HTML. A page without (the offline shell, the development server) is
 * rendered here, in place of the splash.
 */
async function start() {
  const serverRendered = container!.hasAttribute('data-server-rendered');
  const renderedLanguage = document.documentElement.lang;
  await initI18n(serverRendered && isAppLanguage(renderedLanguage) ? renderedLanguage : undefined);
  const queryClient = createQueryClient();
  seedStartData(queryClient, { readingRoomBootstrap: readingRoomKeys.bootstrap, rentalInfo: guestKeys.rentalInfo });
  const router = createAppRouter(queryClient, i18n);
  // a failure shows as the router's error screen once the app has rendered, not as a splash that stays
  await router.load().catch(() => undefined);
  const app = (
    <App queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </App>
  );
  if (serverRendered) {
    // what hydrate() of @tanstack/react-router/ssr/client records: the router renders the tree the server rendered
    router.ssr = { manifest: undefined };
    hydrateRoot(container!, app);
  } else {
    container!.replaceChildren();
    createRoot(container!).render(app);
  }
}

void start();

// Installable app with an offline shell (decision 097): only the built app has a service worker.
// Installing it precaches the app's code (about 2 MB); on a phone that would compete with the first
// screen's requests and main thread, so it starts once the page has settled.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  window.addEventListener('load', () => {
    setTimeout(() => whenIdle(register, 5000), 3000);
  });
}
