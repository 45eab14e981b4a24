// How long and how many live streams one client may hold open (decision 017). A stream is an open
// request the server keeps answering; without bounds, one visitor could open thousands of them.

/**
 * Open live streams per client address. A tab holds one or two (the programme; the image library
 * for admins); 32 leaves room for a household or an office behind one address with many tabs.
 */
export const MAX_STREAMS_PER_ADDRESS = 32;

/**
 * A stream ends after this long; the browser's EventSource reconnects by itself within seconds and
 * receives the current list again. It bounds how long a forgotten tab, or a session signed out
 * elsewhere, keeps a stream open.
 */
export const MAX_STREAM_DURATION_MS = 20 * 60 * 1000;

/** Counts open streams per client address and refuses one more than the limit. */
export class StreamSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit: number = MAX_STREAMS_PER_ADDRESS) {}

  /** A slot for one more stream from `address`, released by calling the function returned; null when full. */
  take(address: string): (() => void) | null {
    const count = this.open.get(address) ?? 0;
    if (count >= this.limit) return null;
    this.open.set(address, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    };
  }

  count(address: string): number {
    return this.open.get(address) ?? 0;
  }
}
