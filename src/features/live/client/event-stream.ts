// A public live feed (the programme) read with the browser's own EventSource, in the embedded
// backend: the same tRPC subscription the tRPC client would open, without loading the client, so
// a signed-out visitor's phone fetches and runs none of it (decision 027). It speaks the part of
// tRPC's server-sent-events protocol a public feed uses: a `connected` event, results (superjson,
// read by ./superjson-lite), `ping`, `serialized-error` and `return`. A stream the server ends
// (after MAX_STREAM_DURATION_MS) or a dropped connection is reopened by the browser itself; an
// answer that is not a stream (the server restarting, a proxy's error page) is asked again here,
// less and less often.
import type { FeedEvents } from './feed-connection';
import { liveError } from './live-state';
import { deserialize, type SuperJsonResult } from './superjson-lite';

/** Waits before asking again after an answer that was not a stream: then 1 s, 3 s, 10 s, 30 s... */
export const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000] as const;

/** The URL of a subscription's stream, its input in superjson's form as the tRPC client sends it. */
export function streamUrl(procedure: string, input: unknown): string {
  // `undefined` (a feed without input) is annotated; other public feeds' inputs are plain JSON.
  const serialized = input === undefined ? { json: null, meta: { values: ['undefined'], v: 1 } } : { json: input };
  return `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(serialized))}`;
}

/** Opens the stream; returns the function that closes it for good. */
export function openEventStream<Data>(procedure: string, input: unknown, events: FeedEvents<Data>, EventSourceClass: typeof EventSource = EventSource): () => void {
  const url = streamUrl(procedure, input);
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let answered = false;
  let refusals = 0;
  // Results are delivered in the order they came, also when one waits for superjson to load.
  let delivered: Promise<void> = Promise.resolve();

  const close = () => {
    closed = true;
    clearTimeout(retry);
    source?.close();
  };

  const open = () => {
    const current = (source = new EventSourceClass(url));
    current.addEventListener('message', (message: MessageEvent<string>) => {
      refusals = 0;
      delivered = delivered
        .then(() => deserialize(JSON.parse(message.data) as SuperJsonResult))
        .then((data) => {
          if (closed || current !== source) return;
          answered = true;
          events.data(data as Data, false);
        })
        .catch(() => {
          // Unreadable: this connection is dropped and opened again, as after a network error.
          if (closed || current !== source) return;
          current.close();
          reopenLater();
        });
    });
    current.addEventListener('serialized-error', (message: MessageEvent<string>) => {
      // Refused by the server (a public feed is not, unless it changes): said, and not asked again.
      let shape: unknown;
      try {
        shape = (JSON.parse(message.data) as SuperJsonResult).json;
      } catch {
        shape = undefined;
      }
      close();
      events.failed(liveError(shape));
    });
    // The server ended the subscription: nothing more will come.
    current.addEventListener('return', close);
    current.addEventListener('error', () => {
      if (closed || current !== source) return;
      if (answered) events.reconnecting();
      // CONNECTING: the browser reopens it itself (a dropped connection, a stream ended by the server).
      if (current.readyState !== EventSourceClass.CLOSED) return;
      // CLOSED: the answer was not a stream and the browser gave up; before any answer, that is said.
      if (!answered) events.failed('unavailable');
      reopenLater();
    });
  };

  const reopenLater = () => {
    clearTimeout(retry);
    retry = setTimeout(open, RETRY_DELAYS_MS[Math.min(refusals++, RETRY_DELAYS_MS.length - 1)]);
  };

  open();
  return close;
}
