import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-next-paint';

let firstFrameDone = false;

/**
 * False during the app's very first render, true from the task after the
 * browser painted it; true at once on every later render. The app frame
 * renders its header in the first task and the screen inside it in the next,
 * because the build in use has no concurrent rendering and one render of
 * both is the longest task of a phone's start (docs/product.md#performance-budgets, decision 187).
 */
export function useAfterFirstFrame(): boolean {
  const [done, setDone] = useState(firstFrameDone);
  useEffect(() => {
    if (done) return;
    return afterNextPaint(() => {
      firstFrameDone = true;
      setDone(true);
    });
  }, [done]);
  return done;
}
