// One live feed as its tRPC subscription serves it: the shared watcher's results (one read per
// change for every stream of the feed). Browsers read feeds only through the one stream that
// carries all of them (../../features/live/live-endpoint.ts), which holds the stream's slot. The
// subscription is an async generator, as tRPC expects, that also carries its watcher
// (`sharedFeedOf`): the one stream follows the watcher through it and writes each change's one
// frame to every stream, where iterating the generator would cost each stream a round of promises
// (issue 48). The procedure still runs for every stream, so its access and input checks hold.
import 'server-only';
import { followRead, watchRead, type SharedUpdate, type WatchOptions } from './watch';

export type LiveStreamOptions<T> = WatchOptions<T> & { signal: AbortSignal | undefined };

const SHARED_FEED = Symbol('venue.sharedFeed');

/** A feed's watcher, followed without iterating: `follow` hands on each update until it returns its stop. */
export interface SharedFeed {
  follow(onUpdate: (update: SharedUpdate) => void): () => void;
}

type LiveSubscription<T> = AsyncGenerator<T> & { [SHARED_FEED]: SharedFeed };

export function liveStream<T>(options: LiveStreamOptions<T>): LiveSubscription<T> {
  return Object.assign(watchRead(options), { [SHARED_FEED]: { follow: (onUpdate: (update: SharedUpdate) => void) => followRead(options, onUpdate) } });
}

/** The watcher a subscription's result carries, if it is a live stream's. */
export function sharedFeedOf(subscription: unknown): SharedFeed | undefined {
  return typeof subscription === 'object' && subscription !== null && SHARED_FEED in subscription ? (subscription as LiveSubscription<unknown>)[SHARED_FEED] : undefined;
}
