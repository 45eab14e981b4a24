// How long and how many live streams one client may hold open (decisions 017 and 041). A stream is
// an open request the server keeps answering; without bounds, one visitor could open thousands.
// A browser holds one stream for all its tabs and feeds (src/features/live/client/live-hub.ts),
// so the bounds count people, not tabs: an account wherever it signs in, and, signed out only,
// an address, which a venue's Wi-Fi or a carrier's NAT shares among hundreds of people, and the
// signed-out of every address together, since addresses are many and cost a script little.
// Counted per server process: on N Firebase instances a client may hold up to N times these (an
// open stream holds memory and a connection of the instance it is on, which is what they guard).

/**
 * Open streams per signed-in account: one per browser, and a few more for a person's phone,
 * laptop and tablet, or a door team sharing one scanner account on its phones. Per instance: up
 * to N× on N instances.
 */
export const MAX_STREAMS_PER_ACCOUNT = 16;

/**
 * Open streams per client address for signed-out visitors (the public programme): one per
 * browser, and a full house of guests behind the venue's one public address. Per instance: up to
 * N× on N instances.
 */
export const MAX_SIGNED_OUT_STREAMS_PER_ADDRESS = 1_000;

/**
 * Open signed-out streams of this server process, from all addresses together. Each holds a
 * connection and a few tens of kB while open (about 70 kB measured with its test reader), so
 * 4,000 stay within a few hundred MB: four full houses reading the programme at once. Past it a
 * visitor's programme stays as the page rendered it and its stream is asked again later;
 * signed-in streams are counted per account only and never wait for the signed-out.
 */
export const MAX_SIGNED_OUT_STREAMS = 4_000;

/** Feeds one stream carries at most (a screen shows a handful; an admin's dashboard about a dozen). */
export const MAX_FEEDS_PER_STREAM = 32;

/**
 * A stream ends after this long; the browser's EventSource reconnects by itself within seconds and
 * receives the current lists again. It bounds how long a forgotten tab, or a session signed out
 * elsewhere, keeps a stream open. The default of LIVE_STREAM_MAX_SECONDS, which a deployment sets
 * below its platform's request timeout (deployment.md).
 */
export const MAX_STREAM_DURATION_MS = 20 * 60 * 1000;

/**
 * An open stream's session is verified again this often (./stream-rechecks.ts): a role taken away,
 * an account disabled or a session ended stops the stream's feeds within this and one check's
 * time, not at its end MAX_STREAM_DURATION_MS later. The browser's own check of who is signed in
 * runs every 15 s (ROLE_REFRESH_MS); a stream's is not slower.
 */
export const STREAM_RECHECK_MS = 10_000;

/**
 * The server says something at least this often on an idle stream, so the browser can tell a
 * quiet stream from a dead one (a phone that lost its signal) and a proxy keeps it open.
 */
export const STREAM_PING_MS = 15_000;

/** Whose streams are counted together: an account, or (signed out) an address. */
export type StreamHolder = { account: string } | { address: string };

/** The limits a stream can meet: its account's, its address's, or that of the process's signed-out streams. */
export type StreamLimit = 'account' | 'address' | 'signedOut';

const LIMITS: Record<StreamLimit, number> = { account: MAX_STREAMS_PER_ACCOUNT, address: MAX_SIGNED_OUT_STREAMS_PER_ADDRESS, signedOut: MAX_SIGNED_OUT_STREAMS };

/** Counts open streams per holder and refuses one more than the holder's limit. */
export class StreamSlots {
  private readonly open = new Map<string, number>();
  private signedOut = 0;
  private readonly limits: Record<StreamLimit, number>;

  constructor(limits: Partial<Record<StreamLimit, number>> = {}) {
    this.limits = { ...LIMITS, ...limits };
  }

  limit(limit: StreamLimit): number {
    return this.limits[limit];
  }

  /** The limit one more stream of `holder` would pass, or null while there is room. */
  reached(holder: StreamHolder): StreamLimit | null {
    const own: StreamLimit = 'account' in holder ? 'account' : 'address';
    if (this.count(holder) >= this.limits[own]) return own;
    if (own === 'address' && this.signedOut >= this.limits.signedOut) return 'signedOut';
    return null;
  }

  /** A slot for one more stream of `holder`, released by calling the function returned; null when full. */
  take(holder: StreamHolder): (() => void) | null {
    if (this.reached(holder)) return null;
    const key = keyOf(holder);
    const signedOut = 'address' in holder;
    this.open.set(key, this.count(holder) + 1);
    if (signedOut) this.signedOut += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (signedOut) this.signedOut -= 1;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }

  count(holder: StreamHolder): number {
    return this.open.get(keyOf(holder)) ?? 0;
  }

  /** Open streams of every holder together. */
  total(): number {
    let sum = 0;
    for (const count of this.open.values()) sum += count;
    return sum;
  }
}

function keyOf(holder: StreamHolder): string {
  return 'account' in holder ? `account ${holder.account}` : `address ${holder.address}`;
}
