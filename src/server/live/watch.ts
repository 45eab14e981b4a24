// Live reads. Every open stream of the same feed with the same parameters shares one watcher: it
// re-runs the read once when the documents change feed reports a write that concerns it (its
// `concerns`: the member's records, the event's, ./change-routes.ts), bursts of writes coalesced
// into one read, and hands the result to every subscriber. So a change costs one read however
// many streams are open (decision 017), and wakes only the feeds it concerns. The first
// subscriber starts the watcher, the last one to leave ends it.
import type { DocumentChange, DocumentData, DocumentRef, Documents, Query } from '@/server/documents/port';
import { onConcerningChange, type Concerns } from './change-routes';
import { markShared } from './serialization';

/** Writes arriving within this window are answered with one read. */
export const SETTLE_MS = 20;

type Result<T> = { ok: true; value: T } | { ok: false; error: unknown };

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
  /** The newest result not yet taken: a slow stream skips to the latest list, nothing queues up. */
  next?: Result<T>;
  wake?: () => void;
}

interface Watcher<T> {
  subscribers: Set<Subscriber<T>>;
  latest?: Result<T>;
  stop: () => void;
}

// Per documents instance (tests and the benchmark make their own), then per feed key.
const watchers = new WeakMap<Documents, Map<string, Watcher<unknown>>>();

function startWatcher<T>({ documents, key, concerns, read, otherServers: queries = [] }: WatchOptions<T>): Watcher<T> {
  let reading = false;
  let dirty = false;
  /** The changes since the last read; null once something unknown changed (another server's write). */
  let changes: DocumentChange[] | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const watcher: Watcher<T> = {
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
      result = { ok: true, value: await read(wake) };
    } catch (error) {
      result = { ok: false, error };
    }
    reading = false;
    if (stopped) return;
    if (result.ok) markShared(result.value);
    watcher.latest = result;
    for (const subscriber of watcher.subscribers) {
      subscriber.next = result;
      subscriber.wake?.();
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

/**
 * The result of `read` now and after each burst of writes that concern the feed, until `signal`
 * aborts. `otherServers` narrow what other servers' writes wake it (the change feed sees this
 * process's).
 */
export async function* watchRead<T>(options: WatchOptions<T>): AsyncGenerator<T> {
  const { documents, key, signal } = options;
  if (signal?.aborted) return;
  let feeds = watchers.get(documents);
  if (!feeds) watchers.set(documents, (feeds = new Map()));
  let watcher = feeds.get(key) as Watcher<T> | undefined;
  if (!watcher) feeds.set(key, (watcher = startWatcher(options)));

  const subscriber: Subscriber<T> = { next: watcher.latest };
  watcher.subscribers.add(subscriber);
  const onAbort = () => subscriber.wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    while (!signal?.aborted) {
      if (!subscriber.next) {
        await new Promise<void>((resolve) => (subscriber.wake = resolve));
        subscriber.wake = undefined;
        continue;
      }
      const result = subscriber.next;
      subscriber.next = undefined;
      if (!result.ok) throw result.error;
      yield result.value;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    watcher.subscribers.delete(subscriber);
    if (watcher.subscribers.size === 0) watcher.stop();
  }
}
