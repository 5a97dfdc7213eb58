/**
 * Runs `run` in a task of its own after the browser has painted the current
 * frame; returns the cancel. The first screens build in steps this way, so
 * each step is painted before the next one blocks the main thread
 * (decisions 172 and 187).
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
