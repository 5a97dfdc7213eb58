import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-next-paint';

/** How many items a step adds: a phone shows about two vehicle cards, a desktop four. */
export const REVEAL_STEP = 4;

/** The next count to show: one more step, never beyond the whole list. */
export function nextRevealCount(shown: number, total: number, step = REVEAL_STEP): number {
  return Math.min(total, Math.max(shown, 0) + step);
}

/**
 * Shows a long list a step at a time: the first step with the screen around
 * it (so what follows it, such as the footer, is not pushed down after it
 * painted), each further one in its own task after the browser painted the
 * one before, so no single task builds a whole fleet or plan. The
 * build in use has no concurrent rendering, so one render of everything would
 * be one long task (docs/product.md#performance-budgets: largest contentful paint, total blocking time;
 * decision 172). A list that grows later (a filter removed) goes on from what
 * is shown. `first` is the size of the first step: 0 when the items take no
 * room of their own (markers on a plan of fixed size), so the screen around
 * them paints without them.
 */
export function useRevealInSteps(total: number, step = REVEAL_STEP, first = step): number {
  const [shown, setShown] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (shown >= total) return;
    return afterNextPaint(() => setShown((n) => nextRevealCount(n, total, step)));
  }, [shown, total, step]);
  return Math.min(shown, total);
}
