// Live reads. Every open stream of the same feed with the same parameters shares one watcher: it
// re-runs the read once when the documents change feed reports a write that concerns it (its
// `concerns`: the member's records, the event's, ./change-routes.ts), bursts of writes coalesced
// into one read, and hands the result to every subscriber. So a change costs one read however
// many streams are open (decision 017), and wakes only the feeds it concerns. The first
// subscriber starts the watcher, the last one to leave ends it. A subscriber is either an async
// generator (`watchRead`) or a callback (`followRead`): the live stream takes the callback, which
// the watcher calls with the result and its one serialized frame, so a change costs each open
// stream one call and one write, not a generator's round of promises (issue 48).
import type { DocumentChange, DocumentData, DocumentRef, Documents, Query } from '@/server/documents/port';
import { onConcerningChange, type Concerns } from './change-routes';
import { markShared, SharedResult } from './serialization';
import { log } from '@/server/log';

/** Writes arriving within this window are answered with one read. */
export const SETTLE_MS = 20;

type Result<T> = { ok: true; value: T; shared: SharedResult } | { ok: false; error: unknown };

/** What a callback subscriber is handed: each result, shared with every stream of the feed, or the read's failure (the last). */
export type SharedUpdate = { ok: true; result: SharedResult } | { ok: false; error: unknown };

/**
 * What woke a read: this process's changes that concern the feed since `previous` was read, so a
 * read may refresh only what they touch. Absent for the first read and after another server's
 * write (which tells nothing of what changed): then everything is read.
 */
export interface Wake<T> {
  previous: T;
  changes: readonly DocumentChange[];
}

/** Another server's writes that should wake a feed: a query's result, or one document. */
export type OtherWrites = Query<DocumentData> | DocumentRef<DocumentData>;

export interface WatchOptions<T> {
  documents: Documents;
  /** The feed and its parameters: streams with the same key share one read per change. */
  key: string;
  /** The writes of this process that may change the result: per collection, every change or whose. */
  concerns: Concerns;
  read: (wake?: Wake<T>) => Promise<T>;
  signal?: AbortSignal;
  /** With Firestore behind several servers: what other servers' writes wake the feed (listeners). */
  otherServers?: readonly OtherWrites[];
}

interface Subscriber<T> {
  /** Handed each result as the watcher has it, synchronously. */
  offer(result: Result<T>): void;
}

interface Watcher<T> {
  /** Names the feed and its parameters in the frames (SharedResult.frame) without saying them. */
  id: string;
  subscribers: Set<Subscriber<T>>;
  latest?: Result<T>;
  stop: () => void;
}

// Per documents instance (tests and the benchmark make their own), then per feed key.
const watchers = new WeakMap<Documents, Map<string, Watcher<unknown>>>();
/** Watchers started by this process: each one's id, never reused while the process runs. */
let started = 0;

function startWatcher<T>({ documents, key, concerns, read, otherServers: queries = [] }: WatchOptions<T>): Watcher<T> {
  let reading = false;
  let dirty = false;
  /** The changes since the last read; null once something unknown changed (another server's write). */
  let changes: DocumentChange[] | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const watcher: Watcher<T> = {
    id: (++started).toString(36),
    subscribers: new Set(),
    stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      for (const stopListening of otherServers) stopListening();
      const feeds = watchers.get(documents);
      if (feeds?.get(key) === watcher) feeds.delete(key);
    },
  };

  async function run() {
    timer = undefined;
    reading = true;
    dirty = false;
    const latest = watcher.latest;
    const wake = changes && latest?.ok ? { previous: latest.value, changes } : undefined;
    changes = [];
    let result: Result<T>;
    try {
      const value = await read(wake);
      result = { ok: true, value, shared: new SharedResult(watcher.id, value) };
    } catch (error) {
      result = { ok: false, error };
    }
    reading = false;
    if (stopped) return;
    if (result.ok) markShared(result.value);
    watcher.latest = result;
    // One call per subscriber: the frame, if any stream asks for it, is made once for all of them.
    // A subscriber that throws (a stream in a state no one foresaw) costs the others nothing.
    for (const subscriber of watcher.subscribers) {
      try {
        subscriber.offer(result);
      } catch (error) {
        log.error({ err: error, feed: key }, 'A live stream could not take a result');
      }
    }
    // A failed read ends every stream of this watcher; the next subscriber starts a fresh one.
    if (!result.ok) return watcher.stop();
    if (dirty) schedule();
  }

  function schedule() {
    if (reading) {
      dirty = true;
      return;
    }
    timer ??= setTimeout(() => void run(), SETTLE_MS);
  }

  const unsubscribe = onConcerningChange(documents, concerns, (change) => {
    changes?.push(change);
    schedule();
  });
  // Writes of other servers (Firestore behind several): the feed's queries, watched by the backend.
  const otherServers = queries.map((query) =>
    documents.onOtherWrites(query, () => {
      changes = null;
      schedule();
    }),
  );
  void run();
  return watcher;
}

function watcherFor<T>(options: WatchOptions<T>): Watcher<T> {
  const { documents, key } = options;
  let feeds = watchers.get(documents);
  if (!feeds) watchers.set(documents, (feeds = new Map()));
  let watcher = feeds.get(key) as Watcher<T> | undefined;
  if (!watcher) feeds.set(key, (watcher = startWatcher(options)));
  return watcher;
}

function leave<T>(watcher: Watcher<T>, subscriber: Subscriber<T>) {
  watcher.subscribers.delete(subscriber);
  if (watcher.subscribers.size === 0) watcher.stop();
}

/**
 * The result of `read` now and after each burst of writes that concern the feed, until `signal`
 * aborts. `otherServers` narrow what other servers' writes wake it (the change feed sees this
 * process's).
 */
export async function* watchRead<T>(options: WatchOptions<T>): AsyncGenerator<T> {
  const { signal } = options;
  if (signal?.aborted) return;
  const watcher = watcherFor(options);
  /** The newest result not yet taken: a slow reader skips to the latest list, nothing queues up. */
  let next = watcher.latest;
  let wake: (() => void) | undefined;
  const subscriber: Subscriber<T> = {
    offer(result) {
      next = result;
      wake?.();
    },
  };
  watcher.subscribers.add(subscriber);
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    while (!signal?.aborted) {
      if (!next) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      const result = next;
      next = undefined;
      if (!result.ok) throw result.error;
      yield result.value;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    leave(watcher, subscriber);
  }
}

/**
 * The same reads as `watchRead`, handed to `onUpdate` as they come (the current result at once, if
 * the watcher has one), each with its frame shared by every stream of the feed. After a failure,
 * which is handed on last, nothing more comes; the returned function lets go.
 */
export function followRead<T>(options: WatchOptions<T>, onUpdate: (update: SharedUpdate) => void): () => void {
  if (options.signal?.aborted) return () => {};
  const watcher = watcherFor(options);
  let following = true;
  const stop = () => {
    if (!following) return;
    following = false;
    options.signal?.removeEventListener('abort', stop);
    leave(watcher, subscriber);
  };
  const subscriber: Subscriber<T> = {
    offer(result) {
      if (!following) return;
      if (result.ok) return onUpdate({ ok: true, result: result.shared });
      stop();
      onUpdate({ ok: false, error: result.error });
    },
  };
  watcher.subscribers.add(subscriber);
  options.signal?.addEventListener('abort', stop, { once: true });
  if (watcher.latest) subscriber.offer(watcher.latest);
  return stop;
}
