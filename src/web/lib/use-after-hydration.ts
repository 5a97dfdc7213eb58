import { useSyncExternalStore } from 'react';

/**
 * A value only the browser knows (a media query, an API of the browser), read so that a hydrating render
 * shows what the server rendered (`onServer`) and switches right after, while a screen mounted later in
 * the browser reads the browser's value at once (decision 222). React's own rule: during hydration
 * useSyncExternalStore uses the server snapshot.
 */
export function useAfterHydration<T>(subscribe: (changed: () => void) => () => void, read: () => T, onServer: T): T {
  return useSyncExternalStore(subscribe, read, () => onServer);
}

const nothingChanges = () => () => {};

/** A browser feature that does not change while the page is open (`window.PublicKeyCredential`). */
export function useBrowserFeature(read: () => boolean): boolean {
  return useAfterHydration(nothingChanges, read, false);
}

/** Whether a media query matches: the server renders as `onServer` (a desktop), the browser as it is. */
export function useMediaQueryAfterHydration(query: string, onServer: boolean): boolean {
  return useAfterHydration(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    onServer,
  );
}
