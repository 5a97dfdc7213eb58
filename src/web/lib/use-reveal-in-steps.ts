import { useEffect, useState } from 'react';

/** How many items a step adds: a phone shows about two vehicle cards, a desktop four. */
export const REVEAL_STEP = 4;

/** The next count to show: one more step, never beyond the whole list. */
export function nextRevealCount(shown: number, total: number, step = REVEAL_STEP): number {
  return Math.min(total, Math.max(shown, 0) + step);
}

/**
 * Shows a long list a step at a time: the first step renders at once, each
 * further one in its own task after the browser had a chance to paint and
 * handle input. The build in use has no concurrent rendering, so one render
 * of a whole fleet would be one long task (DESIGN §7: total blocking time;
 * decision 172). A list that grows later (a filter removed) goes on from
 * what is shown.
 */
export function useRevealInSteps(total: number, step = REVEAL_STEP): number {
  const [shown, setShown] = useState(() => Math.min(total, step));
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setShown((n) => nextRevealCount(n, total, step)), 0);
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
