// The browser's one live stream as its EventSource reads it: messages in order, a dropped
// connection shown and left to the browser, an answer that is not a stream asked again later, a
// silent stream taken for dead, a refusal said once; and the URL the server reads.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import superjson from 'superjson';
import { openEventStream, RETRY_DELAYS_MS, SILENT_STREAM_MS, streamUrl } from './event-stream';
import type { FeedEvents } from './feed-events';

/** Stands in for the browser's EventSource: the test plays the server. */
class FakeSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeSource[] = [];
  readyState = FakeSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeSource.opened.push(this);
  }
  close() {
    this.readyState = FakeSource.CLOSED;
  }
  send(value: unknown, event = 'message') {
    this.readyState = FakeSource.OPEN;
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(superjson.serialize(value)) }));
  }
  /** The connection dropped (the browser reconnects: CONNECTING) or was refused (CLOSED). */
  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }
}

function recorder() {
  const calls: string[] = [];
  const data: unknown[] = [];
  const events: FeedEvents<unknown> = {
    data: (value) => {
      calls.push('data');
      data.push(value);
    },
    reconnecting: () => calls.push('reconnecting'),
    cacheOnly: () => calls.push('cacheOnly'),
    failed: (reason) => calls.push(`failed:${reason}`),
  };
  return { calls, data, events };
}

const FEEDS = [{ key: 'events.live null', feed: 'events.live' }];
const open = (events: FeedEvents<unknown>) => openEventStream(streamUrl(FEEDS), events, FakeSource as unknown as typeof EventSource);
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  FakeSource.opened = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('openEventStream', () => {
  it('opens /api/live with the feeds in superjson’s form', () => {
    const feeds = [...FEEDS, { key: 'door', feed: 'door.activity', input: { eventId: 'e1' } }];
    const url = new URL(streamUrl(feeds), 'http://localhost');
    expect(url.pathname).toBe('/api/live');
    expect(superjson.deserialize(JSON.parse(url.searchParams.get('input')!))).toEqual({ feeds });
    open(recorder().events);
    expect(FakeSource.opened[0]!.url).toBe(streamUrl(FEEDS));
  });

  it('delivers each result with its dates, in the order sent, also when one needs superjson', async () => {
    const { calls, data, events } = recorder();
    open(events);
    const source = FakeSource.opened[0]!;
    source.send({}, 'connected');
    source.send([{ startsAt: new Date(1), tags: new Set(['a']) }]);
    source.send([{ startsAt: new Date(2) }]);
    await vi.waitFor(() => expect(data).toHaveLength(2));
    expect(data).toStrictEqual([[{ startsAt: new Date(1), tags: new Set(['a']) }], [{ startsAt: new Date(2) }]]);
    expect(calls).toEqual(['data', 'data']);
  });

  it('shows a dropped connection and leaves reconnecting to the browser', async () => {
    const { calls, events } = recorder();
    open(events);
    const source = FakeSource.opened[0]!;
    source.send([]);
    await settle();
    source.fail(FakeSource.CONNECTING);
    await vi.advanceTimersByTimeAsync(SILENT_STREAM_MS - 1_000);
    expect(calls).toEqual(['data', 'reconnecting']);
    expect(FakeSource.opened).toHaveLength(1);
    source.send([{ id: 'back' }]);
    await settle();
    expect(calls).toEqual(['data', 'reconnecting', 'data']);
  });

  it('asks again, less and less often, when the answer is not a stream', async () => {
    const { calls, events } = recorder();
    open(events);
    FakeSource.opened[0]!.fail(FakeSource.CLOSED);
    expect(calls).toEqual(['failed:unavailable']);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] - 1);
    expect(FakeSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.opened).toHaveLength(2);
    FakeSource.opened[1]!.fail(FakeSource.CLOSED);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1] - 1);
    expect(FakeSource.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.opened).toHaveLength(3);
    // An answer resets the waiting; a refusal after it is a reconnection, not a failure.
    FakeSource.opened[2]!.send([]);
    await settle();
    FakeSource.opened[2]!.fail(FakeSource.CLOSED);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(FakeSource.opened).toHaveLength(4);
    expect(calls).toEqual(['failed:unavailable', 'failed:unavailable', 'data', 'reconnecting']);
  });

  it('says a refusal once and stops', async () => {
    const { calls, events } = recorder();
    open(events);
    const source = FakeSource.opened[0]!;
    source.send({ message: 'no', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } }, 'serialized-error');
    expect(calls).toEqual(['failed:unauthorized']);
    expect(source.readyState).toBe(FakeSource.CLOSED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSource.opened).toHaveLength(1);
  });

  it('stops when the server ends the subscription, and when closed', async () => {
    const { calls, events } = recorder();
    open(events);
    FakeSource.opened[0]!.send(null, 'return');
    expect(FakeSource.opened[0]!.readyState).toBe(FakeSource.CLOSED);

    const second = recorder();
    const close = open(second.events);
    const source = FakeSource.opened[1]!;
    source.send([]);
    close();
    source.send([{ late: true }]);
    source.fail(FakeSource.CLOSED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(second.calls).toEqual([]);
    expect(FakeSource.opened).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('drops a connection whose result cannot be read, and opens it again', async () => {
    const { calls, events } = recorder();
    open(events);
    FakeSource.opened[0]!.dispatchEvent(new MessageEvent('message', { data: '{not json' }));
    await settle();
    expect(FakeSource.opened[0]!.readyState).toBe(FakeSource.CLOSED);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(FakeSource.opened).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('takes a stream that has said nothing, not even a ping, for SILENT_STREAM_MS for dead, and opens it again', async () => {
    const { calls, events } = recorder();
    open(events);
    const source = FakeSource.opened[0]!;
    source.send([]);
    await settle();
    // Pings keep it alive.
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(SILENT_STREAM_MS - 1_000);
      source.dispatchEvent(new MessageEvent('ping', { data: '' }));
    }
    expect(FakeSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SILENT_STREAM_MS);
    expect(source.readyState).toBe(FakeSource.CLOSED);
    expect(calls).toEqual(['data', 'reconnecting']);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(FakeSource.opened).toHaveLength(2);
    FakeSource.opened[1]!.send([{ id: 'back' }]);
    await settle();
    expect(calls).toEqual(['data', 'reconnecting', 'data']);
  });
});
