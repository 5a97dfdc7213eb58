import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { cssVariablesResolver, theme } from './theme';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { reloadOnce } from './lib/reload-guard';
import { createAppRouter } from './router';
import { AppErrorBoundary } from './components/app-error-boundary';

// A deployment removed the code chunks this tab refers to: load the new version (at most once per 10 s).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

function App() {
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <ModalsProvider>
              <Notifications position="top-right" zIndex={1000} />
              <RouterProvider router={router} />
            </ModalsProvider>
          </QueryClientProvider>
        </AppErrorBoundary>
      </MantineProvider>
    </StrictMode>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root missing in index.html');

void initI18n().then(() => createRoot(container).render(<App />));
