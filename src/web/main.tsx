import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app.css';
import { AppErrorBoundary } from './components/app-error-boundary';
import { DeferredOverlays } from './components/overlays/deferred-overlays';
import { guestKeys } from './features/guests/api/keys';
import { readingRoomKeys } from './features/reading-rooms/api/keys';
import { initI18n } from './lib/i18n';
import { nextTask } from './lib/next-task';
import { createQueryClient } from './lib/query-client';
import { reloadOnce } from './lib/reload-guard';
import { seedStartData } from './lib/start-data';
import { whenIdle } from './lib/when-idle';
import { createAppRouter } from './router';
import { theme } from './theme';

// A deployment removed the code chunks this tab refers to: load the new version (at most once per 10 s).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});

type AppRouter = ReturnType<typeof createAppRouter>;

function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <StrictMode>
      {/* The theme's variables and global classes come with the page (web/theme-styles.ts, decision 185). */}
      <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
            <DeferredOverlays />
          </QueryClientProvider>
        </AppErrorBoundary>
      </MantineProvider>
    </StrictMode>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root missing in index.html');

/**
 * The built index.html only preloads the app's stylesheet, so the splash paints
 * with the HTML (docs/product.md#performance-budgets); it is applied here, before the app renders.
 */
function applyAppStyles(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (!preload) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = preload.href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

/**
 * The splash goes in the same task in which the app renders: Preact's root diffs against the nodes it
 * finds and kept the splash above the first screen until a later commit, so the whole page jumped up
 * by a screen's height when it went (a layout shift of 0.67 on the guest page; decision 172).
 */
function renderApp(queryClient: QueryClient, router: AppRouter) {
  container?.replaceChildren();
  startTransition(() => createRoot(container!).render(<App queryClient={queryClient} router={router} />));
}

/**
 * The start in several short tasks instead of one long one (decision 187). The
 * router resolves the first address, with its data and its code, before
 * anything renders: the splash of index.html stays meanwhile, and the first
 * render is the screen itself, not a loading screen held for its minimum time.
 */
async function start() {
  const ready = Promise.all([initI18n(), applyAppStyles()]);
  await nextTask();
  const queryClient = createQueryClient();
  seedStartData(queryClient, { readingRoomBootstrap: readingRoomKeys.bootstrap, rentalInfo: guestKeys.rentalInfo });
  await nextTask();
  const router = createAppRouter(queryClient);
  await ready;
  await nextTask();
  // a failure shows as the router's error screen once the app has rendered, not as a splash that stays
  await router.load().catch(() => undefined);
  await nextTask();
  renderApp(queryClient, router);
}

void start();

// Installable app with an offline shell (decision 097): only the built app has a service worker.
// Installing it precaches the app's code (about 2 MB); on a phone that would compete with the first
// screen's requests and main thread, so it starts once the page has settled (decision 172).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  window.addEventListener('load', () => {
    setTimeout(() => whenIdle(register, 5000), 3000);
  });
}
