/**
 * One read shared by the callers that asked for it before it started. A
 * caller never gets a value read before it asked – a change committed before
 * its request is always seen, as with a read of its own – but every caller
 * that asks while a read is under way waits for the next one, and all of
 * them share it. So a stamp that 200 requests at once need is read about
 * once per round trip instead of 200 times, and none of them is served
 * staler than its own read would have been (decision 230). Keyed: each key
 * (a tenant) is read apart; idle keys are forgotten. The occupancy's alone for
 * now; it moves into the kernel when a second area needs it.
 */
export class SharedRead<T> {
  private readonly state = new Map<string, { running: Promise<T> | null; next: Promise<T> | null }>();

  constructor(private readonly read: (key: string) => Promise<T>) {}

  get(key: string): Promise<T> {
    let s = this.state.get(key);
    if (!s) {
      s = { running: null, next: null };
      this.state.set(key, s);
    }
    if (!s.running) return this.start(key, s);
    // The read under way started before this call: wait for the next one, shared by everyone who waits.
    const slot = s;
    slot.next ??= (slot.running as Promise<T>)
      .catch(() => undefined)
      .then(() => {
        slot.next = null;
        return this.start(key, slot);
      });
    return slot.next;
  }

  private start(key: string, s: { running: Promise<T> | null; next: Promise<T> | null }): Promise<T> {
    const p: Promise<T> = this.read(key).finally(() => {
      if (s.running !== p) return;
      s.running = null;
      if (!s.next && this.state.get(key) === s) this.state.delete(key);
    });
    s.running = p;
    return p;
  }
}
