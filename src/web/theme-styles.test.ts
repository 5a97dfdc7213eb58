import { describe, expect, it } from 'vitest';
import { themeStyles } from './theme-styles';

describe('themeStyles', () => {
  const html = themeStyles();

  it('holds the theme variables, the contrast fixes and the global classes, nothing else', () => {
    expect(html).toContain('--mantine-primary-color-filled: var(--mantine-color-buchbar-filled)');
    expect(html).toContain('--mantine-color-dimmed: #5c646c');
    expect(html).toContain('--mantine-color-buchbar-light-color: #133f6d');
    expect(html).toMatch(/\.mantine-hidden-from-sm/);
    expect(html.match(/<style/g)?.length).toBe(html.match(/<\/style>/g)?.length);
    expect(html.replace(/<style[^>]*>[^<]*<\/style>/g, '')).toBe('');
  });
});
