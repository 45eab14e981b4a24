// Opens the browser's one live stream (GET /api/live) through its real handler, as a browser
// reaches it, and reads its messages: for tests and the fan-out benchmark.
import superjson from 'superjson';
import type { Documents } from '@/server/documents/port';
import type { Identity } from '@/access/identity';
import { createContextInner } from '@/server/trpc/context';
import { handleTrpcRequest } from './http';
import { createCaller } from './router';
import { LIVE_FEEDS } from './live-feeds';
import { handleLiveRequest, type LiveEndpointOptions } from '@/features/live/live-endpoint';
import { changeEventStatus, createEvent } from '@/features/events/event-admin';
import { eventForm } from '@/features/events/test-event';

export interface TestFeed {
  key: string;
  feed: string;
  input?: Record<string, unknown>;
}

/** One message of the stream, read: `viewer`, a feed's `data`, its refusal, or `retrying`. */
export type ReadMessage = { viewer: string | null } | { key: string; data: unknown } | { key: string; refused: string } | { key: string; retrying: true };

export interface OpenStream {
  messages: ReadMessage[];
  /** Milliseconds this reader spent parsing what it received (in a benchmark, the client's share of the process's CPU). */
  readingMs: () => number;
  /** The stream's whole text so far (events as the server wrote them). */
  text: () => string;
  /** Resolves once `condition` holds for the messages read so far (or rejects after `ms`). */
  until(condition: (messages: ReadMessage[]) => boolean, ms?: number): Promise<void>;
  /** Whether the server has ended the stream. */
  ended: () => boolean;
  close(): Promise<void>;
}

export function streamRequest(feeds: readonly TestFeed[], { address = '203.0.113.7', signal }: { address?: string; signal?: AbortSignal } = {}): Request {
  const input = encodeURIComponent(JSON.stringify(superjson.serialize({ feeds })));
  return new Request(`http://localhost/api/live?input=${input}`, { signal, headers: { 'x-forwarded-for': address } });
}

/**
 * Opens the stream as `identity` (null: signed out; a function: asked again whenever the stream
 * checks its session) from `address`.
 */
export async function openStream(
  documents: Documents,
  feeds: readonly TestFeed[],
  { identity = null, address = '203.0.113.7', ...options }: { identity?: Identity | null | (() => Promise<Identity | null>); address?: string } & LiveEndpointOptions = {},
): Promise<OpenStream & { response: Response }> {
  const abort = new AbortController();
  const request = streamRequest(feeds, { address, signal: abort.signal });
  const response = await handleLiveRequest(request, LIVE_FEEDS, async () => createContextInner({ documents, identity, clientAddress: address }), createCaller, options);
  // A refusal (400, 429) is JSON for the test to read; a stream is read here.
  const streaming = response.headers.get('content-type')?.includes('text/event-stream');
  return { ...readStream(streaming ? response : new Response(''), abort), response };
}

const TEST_ADMIN: Identity = { uid: 'test-admin', email: 'admin@example.org', emailVerified: true, displayName: 'Admin', photoURL: null, role: 'admin' };

/** An event whose door a stream can follow (`door.activity`); returns its id. */
export async function testEvent(documents: Documents, slug: string): Promise<string> {
  return (await createEvent(documents, TEST_ADMIN, eventForm({ slug }))).id;
}

/** `count` published events with a few paragraphs each: a public programme (`events.live`) of some size. */
export async function testProgramme(documents: Documents, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const text = `Night ${i}: music until late. `.repeat(20);
    const { id } = await createEvent(documents, TEST_ADMIN, eventForm({ slug: `night-${i}`, description: { en: text, de: text } }));
    await changeEventStatus(documents, TEST_ADMIN, { id, action: 'publish' });
  }
}

/** A tRPC path through the app's own tRPC handler (its checks before any procedure). */
export async function openThroughHandler(documents: Documents, path: string): Promise<Response> {
  return handleTrpcRequest(new Request(`http://localhost/api/trpc/${path}`), async () => createContextInner({ documents, identity: null, clientAddress: '203.0.113.7' }));
}

export function readStream(response: Response, abort: AbortController): OpenStream {
  const messages: ReadMessage[] = [];
  let text = '';
  let buffered = '';
  let ended = false;
  let readingMs = 0;
  const waiters = new Set<() => void>();
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  /** The server's id of each key's shared feed on this stream, as it said (`{ key, shared }`). */
  const sharedIdOf = new Map<string, string>();
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (done) break;
      const started = performance.now();
      text += value;
      buffered += value;
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (/^event: /m.test(event) || data === undefined) continue;
        const message = superjson.deserialize(JSON.parse(data)) as Record<string, unknown>;
        if ('shared' in message && 'key' in message) {
          sharedIdOf.set(message.key as string, message.shared as string);
          continue;
        }
        if ('shared' in message) {
          const result = superjson.deserialize(message.data as Parameters<typeof superjson.deserialize>[0]);
          for (const [key, id] of sharedIdOf) if (id === message.shared) messages.push({ key, data: result });
          continue;
        }
        messages.push('data' in message ? { key: message.key as string, data: superjson.deserialize(message.data as Parameters<typeof superjson.deserialize>[0]) } : (message as ReadMessage));
      }
      for (const wake of waiters) wake();
      readingMs += performance.now() - started;
    }
    ended = true;
    for (const wake of waiters) wake();
  })();
  return {
    messages,
    readingMs: () => readingMs,
    text: () => text,
    ended: () => ended,
    until: (condition, ms = 5_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`The stream did not say what was expected within ${ms} ms: ${text.slice(0, 600)}`));
        }, ms);
        function check() {
          if (condition(messages) || ended) {
            clearTimeout(timer);
            waiters.delete(check);
            if (condition(messages)) resolve();
            else reject(new Error(`The stream ended first: ${text.slice(0, 600)}`));
          }
        }
        waiters.add(check);
        check();
      }),
    close: async () => {
      abort.abort();
      await reader.cancel().catch(() => {});
    },
  };
}
