// GET /api/live: a browser's one live stream (decision 041). All the feeds its tabs show, each
// called as its own tRPC subscription procedure with the caller's session (so each keeps its
// access level and input check, and a refusal of one leaves the others going), merged into one
// stream of server-sent events in the form tRPC's own subscriptions use (`connected`, results as
// superjson, `ping`). Not a tRPC procedure itself: a result many browsers share goes out as the
// same bytes to all of them, one whole event made once per change by the feed's watcher
// (../../server/live/serialization.ts), where tRPC's stream would serialize and encode it again
// for each; a stream only says once which of its keys that event's feed is, and a change costs it
// one write (issue 48). A connection that takes less than the feeds give keeps each feed's newest
// message waiting, nothing queues (`Mailbox`). The stream's slot is counted per
// account, or for the signed-out per address and in all, and released as soon as the browser is gone; the
// stream ends after MAX_STREAM_DURATION_MS without a closing event, so the browser reconnects. A
// signed-in stream's session is verified again every STREAM_RECHECK_MS; when its person, role or
// session is no longer what the stream opened with, the stream ends the same way, and the
// browser's new stream is read with the identity the cookie gives now: its feeds refused or
// served (a role gained) by each feed's own access check, as at any opening.
import 'server-only';
import { z } from 'zod';
import superjson from 'superjson';
import { errorMessages, requestLocale } from '@/i18n/api-messages';
import type { ContextInner } from '@/server/trpc/context';
import { followFeeds, Mailbox, type KeyedFeed, type LiveMessage } from '@/server/live/multiplex';
import { resultEvent } from '@/server/live/serialization';
import { MAX_FEEDS_PER_STREAM, MAX_STREAM_DURATION_MS, STREAM_PING_MS, StreamSlots, type StreamHolder, type StreamLimit } from '@/server/live/stream-limits';
import { StreamRechecks } from '@/server/live/stream-rechecks';
import type { Identity } from '@/access/identity';
import type { LiveFeed } from './feeds';

const holder = globalThis as typeof globalThis & { __venueStreamSlots?: StreamSlots; __venueStreamRechecks?: StreamRechecks };
/** The open streams of this server process, per account, per signed-out address and signed-out in all. */
export const streamSlots = (holder.__venueStreamSlots ??= new StreamSlots());
/** The signed-in streams of this server process, their sessions verified again in rounds. */
export const streamRechecks = (holder.__venueStreamRechecks ??= new StreamRechecks());

/**
 * Whether `now` may still read what a stream opened for `opened` reads: the same account, role and
 * session (its name or photo may change). Signed out, disabled, or the session ended: null.
 */
function sameRights(opened: Identity, now: Identity | null): boolean {
  return now !== null && now.uid === opened.uid && now.role === opened.role && now.session === opened.session;
}

/** A feed's parameters: a few short values (an event's id, a tag); each procedure checks its own. */
const FeedParameters = z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]));

/** The `input` query parameter, in superjson's form as the browser writes it (each `feed` must be one the endpoint serves). */
export const LiveFeedsInput = z.object({
  feeds: z
    .array(z.object({ key: z.string().min(1).max(300), feed: z.string().min(1).max(100), input: FeedParameters.optional() }))
    .max(MAX_FEEDS_PER_STREAM)
    .refine((feeds) => new Set(feeds.map((feed) => feed.key)).size === feeds.length, 'Each feed needs a key of its own.'),
});

/** Waits a browser refused for too many streams is asked to keep (its EventSource asks again later anyway). */
const RETRY_AFTER_SECONDS = 10;

const encoder = new TextEncoder();
const CONNECTED = encoder.encode('event: connected\ndata: {}\n\n');
const PING = encoder.encode('event: ping\ndata: \n\n');

/** A message of the stream's own (its viewer, a refusal, a binding) as the bytes of one event. */
function ownEvent(message: object): Uint8Array {
  return encoder.encode(`data: ${JSON.stringify({ json: message })}\n\n`);
}

/** The reason said for each limit a stream may meet (Errors.reasons in src/i18n/messages). */
const TOO_MANY_STREAMS = {
  account: 'tooManyStreamsForAccount',
  address: 'tooManyStreamsFromAddress',
  signedOut: 'tooManySignedOutStreams',
} as const satisfies Record<StreamLimit, string>;

function refuse(status: number, reason: 'invalidRequest' | (typeof TOO_MANY_STREAMS)[StreamLimit], message: string): Response {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (status === 429) headers['retry-after'] = String(RETRY_AFTER_SECONDS);
  return Response.json({ error: status === 429 ? 'rate-limited' : 'invalid', reason, message }, { status, headers });
}

/** The app's procedures, called with a stream's context (the root router's `createCaller`). */
export type FeedCaller = (ctx: ContextInner, options: { signal: AbortSignal }) => object;

export interface LiveEndpointOptions {
  maxDurationMs?: number;
  pingMs?: number;
  /** The slots to count the stream in (tests give smaller limits); the process's by default. */
  slots?: StreamSlots;
  /**
   * Iterate each feed's subscription and write each result with a head of this stream's own, as
   * before issue 48: only for the fan-out bench, which measures both ways in one run.
   */
  iterateFeeds?: boolean;
}

/**
 * Serves the stream of the feeds a browser asks for, each one of `liveFeeds` (the app's, composed
 * in src/app/_server/live-feeds.ts: this feature knows none of them).
 */
export async function handleLiveRequest(
  request: Request,
  liveFeeds: readonly LiveFeed[],
  createContext: () => Promise<ContextInner>,
  createCaller: FeedCaller,
  { maxDurationMs = MAX_STREAM_DURATION_MS, pingMs = STREAM_PING_MS, slots = streamSlots, iterateFeeds = false }: LiveEndpointOptions = {},
): Promise<Response> {
  const t = errorMessages(requestLocale(request.headers));
  let feeds: KeyedFeed[];
  try {
    const input = new URL(request.url).searchParams.get('input');
    const parsed = LiveFeedsInput.safeParse(input === null ? undefined : superjson.deserialize(JSON.parse(input)));
    const served = new Set(liveFeeds.map((feed) => feed.procedure));
    if (!parsed.success || parsed.data.feeds.some(({ feed }) => !served.has(feed))) return refuse(400, 'invalidRequest', t('reasons.invalidRequest'));
    feeds = parsed.data.feeds;
  } catch {
    return refuse(400, 'invalidRequest', t('reasons.invalidRequest'));
  }

  const ctx = await createContext();
  const identity = await ctx.resolveIdentity();
  const streamHolder: StreamHolder = identity ? { account: identity.uid } : { address: ctx.clientAddress };
  const release = slots.take(streamHolder);
  if (!release) {
    const reached = slots.reached(streamHolder) ?? (identity ? 'account' : 'address');
    const reason = TOO_MANY_STREAMS[reached];
    return refuse(429, reason, t(`reasons.${reason}`, { limit: slots.limit(reached) }));
  }

  const abort = new AbortController();
  const open = async (feed: KeyedFeed, signal: AbortSignal) => {
    const caller = createCaller(ctx, { signal });
    const procedure = feed.feed.split('.').reduce<unknown>((node, name) => (node as Record<string, unknown>)[name], caller) as (input: unknown) => Promise<AsyncIterable<unknown>>;
    return procedure(feed.input);
  };
  // Written as soon as the connection takes it; until then each feed's newest waits here.
  let deliver = () => {};
  const mailbox = new Mailbox(() => deliver());
  /** Which watcher each key's results come from, as this stream has said (`{ key, shared }`). */
  const bound = new Map<string, string>();
  /** A message as the bytes written for it: for a shared result, its one frame (said once which key it is). */
  const event = (message: LiveMessage): Uint8Array[] => {
    if ('shared' in message) {
      const { key, shared } = message;
      if (bound.get(key) === shared.id) return [shared.frame];
      bound.set(key, shared.id);
      return [ownEvent({ key, shared: shared.id }), shared.frame];
    }
    if ('value' in message) return resultEvent(message.key, message.value);
    return [ownEvent(message)];
  };
  let ping: ReturnType<typeof setInterval> | undefined;
  let ending: ReturnType<typeof setTimeout> | undefined;
  let finished = false;
  // Ends the stream without a closing event, so the browser opens it again; set once it has started.
  let end = () => {};
  // A signed-out stream has no session to lose: its cookie gave nobody, and gives nobody later.
  const stopRechecks = identity ? streamRechecks.watch(async () => sameRights(identity, await ctx.recheckIdentity()), () => end()) : undefined;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearInterval(ping);
    clearTimeout(ending);
    stopRechecks?.();
    // Every feed's watcher lets go.
    abort.abort();
    request.signal.removeEventListener('abort', finish);
    release();
  };
  // The browser left: its feeds let go and its slot is free at once.
  request.signal.addEventListener('abort', finish, { once: true });
  if (request.signal.aborted) finish();

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(CONNECTED);
      controller.enqueue(ownEvent({ viewer: identity?.uid ?? null }));
      // The browser left before the stream started: nothing to follow, no timer left behind.
      if (finished) return;
      deliver = () => {
        // While the connection takes more: a slow browser's feeds wait in the mailbox, newest only.
        while (!finished && (controller.desiredSize ?? 0) > 0) {
          const message = mailbox.take();
          if (!message) return;
          for (const part of event(message)) controller.enqueue(part);
        }
      };
      followFeeds(feeds, open, abort.signal, mailbox, { iterate: iterateFeeds });
      ping = setInterval(() => !finished && controller.enqueue(PING), pingMs);
      end = () => {
        if (finished) return;
        finish();
        controller.close();
      };
      ending = setTimeout(end, maxDurationMs);
    },
    // The connection took what was written: what waited goes out.
    pull() {
      deliver();
    },
    cancel: finish,
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      // A proxy in front (nginx) must pass each event on at once.
      'x-accel-buffering': 'no',
    },
  });
}
