// The browser's one live stream (GET /api/live, decision 041), read with the browser's own
// EventSource by ./live-hub.ts: no tRPC client, so a signed-out visitor's phone fetches and runs
// none of it (decision 027). It speaks the part of tRPC's server-sent-events protocol a feed uses:
// a `connected` event, messages (superjson, read by ./superjson-lite), `ping`, and, should the
// server send them, `serialized-error` and `return`. A stream the server ends (after
// MAX_STREAM_DURATION_MS) or a dropped connection is reopened by the browser itself; an answer
// that is not a stream (the server restarting, a proxy's error page, a refusal for too many open
// streams) and a stream gone silent (a phone that lost its signal without noticing) are asked
// again here, less and less often.
import type { FeedEvents } from './feed-events';
import { liveError } from './live-state';
import { deserialize, type SuperJsonResult } from './superjson-lite';

/** Waits before asking again after an answer that was not a stream: then 1 s, 3 s, 10 s, 30 s... */
export const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000] as const;

/**
 * A stream that says nothing for this long is taken for dead and opened again: the server pings
 * every 15 s (STREAM_PING_MS), so this is two pings missed and some slack.
 */
export const SILENT_STREAM_MS = 40_000;

/** The URL of the stream of `feeds`, in superjson's form (plain JSON: keys, names and short values). */
export function streamUrl(feeds: readonly { key: string; feed: string; input?: Record<string, unknown> }[]): string {
  return `/api/live?input=${encodeURIComponent(JSON.stringify({ json: { feeds } }))}`;
}

/** Opens the stream at `url`; returns the function that closes it for good. */
export function openEventStream<Data>(url: string, events: FeedEvents<Data>, EventSourceClass: typeof EventSource = EventSource): () => void {
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let answered = false;
  let refusals = 0;
  let silence: ReturnType<typeof setTimeout> | undefined;
  // Results are delivered in the order they came, also when one waits for superjson to load.
  let delivered: Promise<void> = Promise.resolve();

  const close = () => {
    closed = true;
    clearTimeout(retry);
    clearTimeout(silence);
    source?.close();
  };
  // Every event (a result, a ping, `connected`) shows the stream is alive; silence means it is not.
  const heard = (current: EventSource) => {
    if (closed || current !== source) return;
    clearTimeout(silence);
    silence = setTimeout(() => {
      if (closed || current !== source) return;
      current.close();
      if (answered) events.reconnecting();
      reopenLater();
    }, SILENT_STREAM_MS);
  };

  const open = () => {
    const current = (source = new EventSourceClass(url));
    heard(current);
    current.addEventListener('connected', () => heard(current));
    current.addEventListener('ping', () => heard(current));
    current.addEventListener('message', (message: MessageEvent<string>) => {
      heard(current);
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
      // Refused by the server: said, and not asked again.
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
      clearTimeout(silence);
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
