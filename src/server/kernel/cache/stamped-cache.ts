/**
 * A small in-process cache for large read responses whose freshness the
 * database decides: every entry carries the stamp of the data it was built
 * from, and a read only reuses it when the database still reports the same
 * stamp (see `*Stamp` queries in the repositories). So the cache can never
 * serve data older than the caller's own snapshot, whichever process or job
 * changed the rows; it only saves building the same text again.
 *
 * Least recently used entries go first once the weight budget is used up.
 */
export class StampedCache<T = string> {
  private readonly entries = new Map<string, { stamp: string; value: T; weight: number }>();
  private weight = 0;

  /** `weigh` tells an entry's share of `maxWeight` (default: text length). */
  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: T) => number = (v) => String(v).length,
  ) {}

  get(key: string, stamp: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.stamp !== stamp) {
      this.weight -= hit.weight;
      return undefined;
    }
    this.entries.set(key, hit); // most recently used last
    return hit.value;
  }

  set(key: string, stamp: string, value: T): void {
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.delete(key);
    this.entries.set(key, { stamp, value, weight });
    this.weight += weight;
    for (const [k, v] of this.entries) {
      if (this.weight <= this.maxWeight) break;
      this.entries.delete(k);
      this.weight -= v.weight;
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.weight -= old.weight;
    this.entries.delete(key);
  }
}
