/**
 * Props of a scroll area whose viewport takes the keyboard focus, so that
 * content wider or taller than the screen can be scrolled without a mouse
 * even when it holds nothing focusable (WCAG 2.1.1; axe's
 * scrollable-region-focusable), for example a seat list on a closed day.
 */
export const KEYBOARD_SCROLL = { viewportProps: { tabIndex: 0 } } as const;
