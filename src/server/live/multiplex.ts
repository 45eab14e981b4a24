// One stream, many feeds (decision 041): a browser's live feeds, from all its tabs, arrive over one
// server-sent event stream (../../features/live/live-endpoint.ts), so a person with many tabs open never holds more than one of the six
// connections a browser opens to a host over HTTP/1.1. Each feed is still its own subscription
// procedure (access, input and reads as before, one read per change for all streams); this merges
// their results into one mailbox per stream, which keeps only the newest of each feed when the
// browser reads slower than the feeds change. A feed refused (signed out, wrong role) is said once
// and the others go on; a feed whose read fails is said to be retrying and is asked again. A
// feed served by a watcher (./live-stream.ts) is followed through it: each change arrives as one
// call with the result every stream shares, and no generator is iterated per stream (issue 48).
import 'server-only';
import { setMaxListeners } from 'node:events';
import { TRPCError } from '@trpc/server';
import { log } from '@/server/log';
import { sharedFeedOf } from './live-stream';
import type { SharedResult } from './serialization';

/** One feed as the browser asks for it: its key (the browser's name for it), procedure and input. */
export interface KeyedFeed {
  key: string;
  feed: string;
  input?: unknown;
}

/** Why a feed was refused: a tRPC error code (UNAUTHORIZED, FORBIDDEN, BAD_REQUEST, ...). */
export type FeedRefusal = TRPCError['code'];

/** What the one stream says, in order. */
export type LiveMessage =
  /** First: whose data this stream carries (null: nobody signed in), as the server verified it. */
  | { viewer: string | null }
  /** A feed's current result, as its watcher made it for every stream of the feed (frame included). */
  | { key: string; shared: SharedResult }
  /** A feed's current result from a subscription without a watcher, for this stream alone. */
  | { key: string; value: unknown }
  /** The feed is refused to this caller; nothing more comes for it on this stream. */
  | { key: string; refused: FeedRefusal }
  /** The feed's read failed on the server; it is asked again, and its last result may be out of date. */
  | { key: string; retrying: true };

/** Opens one feed's subscription, ending when `signal` aborts. */
export type OpenFeed = (feed: KeyedFeed, signal: AbortSignal) => Promise<AsyncIterable<unknown>>;

export interface FollowOptions {
  /**
   * Iterate each feed's subscription even where it carries its watcher: the path before issue 48,
   * kept so the fan-out bench measures both in one run.
   */
  iterate?: boolean;
}

/**
 * The messages of one stream waiting for its connection: at most one per feed, the newest, in the
 * order they last changed (a newer message of a feed replaces its older one and goes to the back).
 */
export class Mailbox {
  private readonly pending = new Map<string, LiveMessage>();

  constructor(private readonly onMessage: () => void = () => {}) {}

  say(key: string, message: LiveMessage): void {
    this.pending.delete(key);
    this.pending.set(key, message);
    this.onMessage();
  }

  /** The oldest waiting message, taken out. */
  take(): LiveMessage | undefined {
    const next = this.pending.entries().next();
    if (next.done) return undefined;
    this.pending.delete(next.value[0]);
    return next.value[1];
  }
}

/**
 * Follows every feed into `mailbox` until `signal` aborts (each feed's watcher, or a retry's wait,
 * lets go then).
 */
export function followFeeds(feeds: readonly KeyedFeed[], open: OpenFeed, signal: AbortSignal, mailbox: Mailbox, options: FollowOptions = {}): void {
  // Every feed's watcher (and a retry's wait) listens to it: as many listeners as feeds, and more.
  setMaxListeners(2 * feeds.length + 4, signal);
  for (const feed of feeds) void follow(feed, open, signal, (message) => mailbox.say(feed.key, message), options);
}

/** Waits before asking a failed feed again: 1 s, then 5 s, 15 s, 30 s. */
export const FEED_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 30_000] as const;

async function follow(feed: KeyedFeed, open: OpenFeed, signal: AbortSignal, say: (message: LiveMessage) => void, { iterate = false }: FollowOptions): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    try {
      const subscription = await open(feed, signal);
      const shared = iterate ? undefined : sharedFeedOf(subscription);
      if (shared) {
        // Each update is one call; the subscription's generator is never started.
        await new Promise<void>((resolve, reject) => {
          const ended = () => {
            stop();
            resolve();
          };
          const stop = shared.follow((update) => {
            if (!update.ok) {
              signal.removeEventListener('abort', ended);
              reject(update.error);
              return;
            }
            failures = 0;
            say({ key: feed.key, shared: update.result });
          });
          signal.addEventListener('abort', ended, { once: true });
          if (signal.aborted) ended();
        });
        return;
      }
      for await (const value of subscription) {
        failures = 0;
        say({ key: feed.key, value });
      }
      return;
    } catch (error) {
      if (signal.aborted) return;
      // Refused before it started (access, input): said, and not asked again on this stream.
      if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') {
        say({ key: feed.key, refused: error.code });
        return;
      }
      log.error({ err: error, feed: feed.feed }, `The live feed ${feed.feed} failed; asking again`);
      say({ key: feed.key, retrying: true });
      await delay(FEED_RETRY_DELAYS_MS[Math.min(failures++, FEED_RETRY_DELAYS_MS.length - 1)]!, signal);
    }
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
