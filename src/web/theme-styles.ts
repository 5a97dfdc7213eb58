import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cssVariablesResolver, theme } from './theme';

/**
 * The `<style>` elements Mantine's provider would add when the app starts:
 * the theme's CSS variables and its global classes (`hiddenFrom`,
 * `visibleFrom`). The build writes them into the page, and the app's
 * provider leaves them out: computed in the browser they were about 5 ms of
 * every screen's first render, four times that on a phone (decision 185).
 * Runs at build time only (vite.config.ts); never part of the app's code.
 */
export function themeStyles(): string {
  const html = renderToStaticMarkup(
    createElement(
      MantineProvider,
      { theme, defaultColorScheme: 'light', cssVariablesResolver },
      createElement('template', { id: 'theme-styles-end' }),
    ),
  );
  const end = html.indexOf('<template id="theme-styles-end">');
  if (end < 0 || !html.startsWith('<style')) throw new Error('Mantine rendered no theme styles before its children');
  return html.slice(0, end);
}
