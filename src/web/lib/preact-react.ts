/**
 * What the built web app gets for `import … from 'react'` (vite.config.ts
 * aliases react and react-dom to Preact's compatibility layer, decision 168).
 * Preact's layer has everything Mantine, TanStack and react-i18next import
 * except React 19.2's `<Activity>`; Mantine uses it only for content kept
 * mounted while closed (Tabs, Collapse, Transition with keepMounted).
 */
import { type ComponentChildren, createElement, type FunctionComponent } from 'preact';

// The layer's type declarations say `export =`; its module (what the build reads) has named exports.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

interface ActivityProps {
  mode?: 'visible' | 'hidden';
  children?: ComponentChildren;
}

/**
 * React hides a hidden Activity's DOM and keeps its state. A wrapper that never
 * changes type keeps the state too; `display: contents` keeps it out of the
 * layout while visible. (React also pauses the effects of hidden content;
 * Mantine's uses do not depend on that.)
 */
export const Activity: FunctionComponent<ActivityProps> = ({ mode = 'visible', children }) =>
  createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
