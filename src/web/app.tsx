import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppErrorBoundary } from './components/app-error-boundary';
import { DeferredOverlays } from './components/overlays/deferred-overlays';
import { theme } from './theme';

/**
 * The providers around the router, the same on the server (entry-server.tsx)
 * and in the browser (main.tsx), so the browser hydrates the tree the server
 * rendered. Query client and i18n instance are the request's own on the server.
 */
export function App({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        {/* The theme's variables and global classes come with the page (web/theme-styles.ts, decision 185). */}
        <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
          <AppErrorBoundary>
            <QueryClientProvider client={queryClient}>
              {children}
              <DeferredOverlays />
            </QueryClientProvider>
          </AppErrorBoundary>
        </MantineProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
