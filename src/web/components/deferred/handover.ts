import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Deferred inputs (deferred-select.tsx, dates/deferred-date-inputs.tsx): a
 * light stand-in that looks like the closed input is shown until the user
 * reaches for it; hovering or focusing it loads the real input, which then
 * takes over focus and opens when the stand-in was clicked meanwhile.
 */
export interface Handover {
  focus: boolean;
  open: boolean;
}

export type Activation = 'load' | 'focus' | 'open';

export interface ModuleLoader<M> {
  current: () => M | null;
  load: () => Promise<M>;
}

/** Loads a module once; later users get it synchronously. */
export function moduleLoader<M>(load: () => Promise<M>): ModuleLoader<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    current: () => loaded,
    load: () => (loading ??= load().then((m) => (loaded = m))),
  };
}

/** State of one deferred input: the real module once loaded, and what the user did with the stand-in. */
export function useDeferredModule<M>(loader: ModuleLoader<M>) {
  const [state, setState] = useState<{ mod: M | null; handover: Handover | null }>(() => ({ mod: loader.current(), handover: null }));
  const intent = useRef({ open: false });
  const onActivate = (how: Activation, element: HTMLElement) => {
    if (how === 'open') intent.current.open = true;
    void loader
      .load()
      .then((mod) =>
        setState((s) => (s.mod ? s : { mod, handover: { focus: document.activeElement === element, open: intent.current.open } })),
      );
  };
  return { ...state, onActivate };
}

/**
 * Whether the real input may take the focus: only while nothing else holds it.
 * Removing the focused stand-in drops the focus to the body; a person who has
 * tabbed on while the module loaded keeps the focus where they put it.
 */
export function focusIsFree(doc: Pick<Document, 'activeElement' | 'body'>): boolean {
  return doc.activeElement === null || doc.activeElement === doc.body;
}

/** In the real input: take over focus (and open, via `open`) from the stand-in, once. */
export function useHandoverFocus<E extends HTMLElement>(handover: Handover | null, open?: (el: E) => void) {
  const ref = useRef<E>(null);
  // A layout effect runs in the same task as the swap, so no keystroke lands between the stand-in's
  // removal and the focus; Preact runs plain effects only after the next frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the real input replaces the stand-in
  useLayoutEffect(() => {
    if (!handover || !ref.current) return;
    if (!(handover.focus || handover.open) || !focusIsFree(document)) return;
    ref.current.focus();
    if (handover.open) open?.(ref.current);
  }, []);
  return ref;
}
