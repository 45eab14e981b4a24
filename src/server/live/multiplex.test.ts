// Merging a browser's feeds into one stream: the newest result of each feed, a refusal said once,
// a failed read said and asked again, everything let go when the stream ends. Read here one
// message at a time, as a connection takes them (the endpoint writes from the same mailbox).
import { describe, expect, it, vi } from 'vitest';
import { TRPCError } from '@trpc/server';
import { FEED_RETRY_DELAYS_MS, followFeeds, Mailbox, type KeyedFeed, type LiveMessage, type OpenFeed } from './multiplex';
import { readLog } from '@/server/log';
import { z } from 'zod';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { defineCollection } from '@/server/documents/port';
import { liveStream } from './live-stream';
import { SharedResult } from './serialization';

/** The feeds' messages in the order a connection that reads one at a time would get them, until `signal` aborts. */
async function* multiplex(feeds: readonly KeyedFeed[], open: OpenFeed, signal: AbortSignal | undefined): AsyncGenerator<LiveMessage> {
  const stop = new AbortController();
  let wake: (() => void) | undefined;
  const mailbox = new Mailbox(() => wake?.());
  signal?.addEventListener('abort', () => stop.abort(), { once: true });
  stop.signal.addEventListener('abort', () => wake?.(), { once: true });
  followFeeds(feeds, open, stop.signal, mailbox);
  try {
    while (!stop.signal.aborted) {
      const next = mailbox.take();
      if (next) yield next;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stop.abort();
  }
}

/** A feed the test drives: `push` a result, `fail` it, or see whether it was let go. */
function feedSource() {
  const values: unknown[] = [];
  let wake: (() => void) | undefined;
  let failure: unknown;
  const state = { opened: 0, ended: 0 };
  const iterable = (signal: AbortSignal) =>
    (async function* () {
      state.opened += 1;
      try {
        while (!signal.aborted) {
          if (failure) {
            const error = failure;
            failure = undefined;
            throw error;
          }
          if (values.length === 0) {
            await new Promise<void>((resolve) => {
              wake = resolve;
              signal.addEventListener('abort', () => resolve(), { once: true });
            });
            continue;
          }
          yield values.shift();
        }
      } finally {
        state.ended += 1;
      }
    })();
  return {
    state,
    iterable,
    push: (value: unknown) => {
      values.push(value);
      wake?.();
    },
    fail: (error: unknown) => {
      failure = error;
      wake?.();
    },
  };
}

async function take(stream: AsyncGenerator<LiveMessage>, count: number): Promise<LiveMessage[]> {
  const taken: LiveMessage[] = [];
  while (taken.length < count) taken.push((await stream.next()).value as LiveMessage);
  return taken;
}

describe('multiplex', () => {
  it('hands on the newest result of each feed, and lets every feed go when the stream ends', async () => {
    const a = feedSource();
    const b = feedSource();
    const controller = new AbortController();
    const stream = multiplex(
      [
        { key: 'a', feed: 'events.live' },
        { key: 'b', feed: 'inbox.live' },
      ],
      async (feed, signal) => (feed.key === 'a' ? a : b).iterable(signal),
      controller.signal,
    );
    a.push(['one']);
    expect(await take(stream, 1)).toEqual([{ key: 'a', value: ['one'] }]);
    // A slow reader: b's two results wait, and only the newer is handed on.
    b.push({ unread: 1 });
    b.push({ unread: 2 });
    await vi.waitFor(() => expect(b.state.opened).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    a.push(['two']);
    expect(await take(stream, 2)).toEqual([
      { key: 'b', value: { unread: 2 } },
      { key: 'a', value: ['two'] },
    ]);
    controller.abort();
    expect((await stream.next()).done).toBe(true);
    await vi.waitFor(() => expect([a.state.ended, b.state.ended]).toEqual([1, 1]));
  });

  it('says a refusal once and goes on with the other feeds', async () => {
    const a = feedSource();
    const stream = multiplex(
      [
        { key: 'refused', feed: 'images.live' },
        { key: 'a', feed: 'events.live' },
      ],
      async (feed, signal) => {
        if (feed.key === 'refused') throw new TRPCError({ code: 'FORBIDDEN' });
        return a.iterable(signal);
      },
      undefined,
    );
    a.push([]);
    const messages = await take(stream, 2);
    expect(messages).toContainEqual({ key: 'refused', refused: 'FORBIDDEN' });
    expect(messages).toContainEqual({ key: 'a', value: [] });
    await stream.return(undefined);
  });

  it('says a failed read and asks the feed again, later and later', async () => {
    vi.useFakeTimers();
    try {
      const a = feedSource();
      const logged: string[] = [];
      const stopReading = readLog((line) => logged.push(line));
      const stream = multiplex([{ key: 'a', feed: 'door.activity' }], async (_feed, signal) => a.iterable(signal), undefined);
      a.push({ admitted: 1 });
      await take(stream, 1);
      a.fail(new Error('disk on fire'));
      expect(await take(stream, 1)).toEqual([{ key: 'a', retrying: true }]);
      expect(a.state.opened).toBe(1);
      await vi.advanceTimersByTimeAsync(FEED_RETRY_DELAYS_MS[0]);
      expect(a.state.opened).toBe(2);
      a.push({ admitted: 2 });
      expect(await take(stream, 1)).toEqual([{ key: 'a', value: { admitted: 2 } }]);
      stopReading();
      expect(logged.map((line) => JSON.parse(line))).toEqual([expect.objectContaining({ severity: 'ERROR', feed: 'door.activity' })]);
      await stream.return(undefined);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it('follows a watcher’s subscription without iterating it, and says its failed read like any other', async () => {
    const documents = new SqliteDocuments(':memory:');
    let failing = false;
    const read = async () => {
      if (failing) throw new Error('disk on fire');
      return ['one'];
    };
    const subscriptions: AsyncGenerator<unknown>[] = [];
    const stopReading = readLog(() => {});
    const controller = new AbortController();
    const stream = multiplex(
      [{ key: 'a', feed: 'events.live' }],
      async (_feed, signal) => {
        const subscription = liveStream({ documents, key: 'shared-notes', concerns: { notes: 'every' }, read, signal });
        vi.spyOn(subscription, 'next');
        subscriptions.push(subscription);
        return subscription;
      },
      controller.signal,
    );
    const [first] = await take(stream, 1);
    expect(first).toEqual({ key: 'a', shared: expect.any(SharedResult) });
    expect((first as { shared: SharedResult }).shared.value).toEqual(['one']);
    // A write wakes the watcher, whose read fails: said, then asked again with a new subscription.
    failing = true;
    await documents.collection(defineCollection('notes', z.object({ text: z.string() }))).doc('n').set({ text: 'x' });
    expect(await take(stream, 1)).toEqual([{ key: 'a', retrying: true }]);
    failing = false;
    expect(await take(stream, 1)).toEqual([{ key: 'a', shared: expect.any(SharedResult) }]);
    expect(subscriptions).toHaveLength(2);
    for (const subscription of subscriptions) expect(subscription.next).not.toHaveBeenCalled();
    controller.abort();
    stopReading();
  });
});
