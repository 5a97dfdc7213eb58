/**
 * Runs `work` for every item with at most `lanes` of them under way at once and returns the
 * results in the order of the items, so a report reads the same however the lanes interleaved.
 * A browser journey spends much of each visit waiting (for the network to go quiet, for a
 * transition): a second lane uses that time on the second core.
 */
export async function inLanes<T, R>(items: readonly T[], lanes: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await work(items[index]!);
      } catch (err) {
        // The other lanes finish what they hold but start nothing new: the test is already red.
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
  return results;
}
