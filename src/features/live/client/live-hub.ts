// A browser's live feeds over one connection (decision 041). Over HTTP/1.1 a browser opens at most
// six connections to a host, for all its tabs together, and every live feed used to hold one: a
// person with a few live tabs open could load no more pages. Here each tab hands its feeds to the
// hub, and one tab, the leader (chosen with a Web Lock, so there is exactly one, and another takes
// over when it closes), holds the browser's one stream of all the feeds its tabs want
// (GET /api/live, read by ./event-stream.ts) and passes each result to the tabs that show it over a
// BroadcastChannel. A browser without Web Locks or BroadcastChannel gives each tab its own stream.
//
// The stream says whose data it carries (the server's view of the session cookie, which all tabs
// share): a tab rendered for another person (signed in or out elsewhere) gets nothing of it, and
// the leader opens the stream again so the cookie is read afresh.
import type { FeedEvents } from './feed-events';
import { openEventStream, streamUrl } from './event-stream';
import { liveError, type LiveError } from './live-state';
import { deserialize, type SuperJsonResult } from './superjson-lite';

/** One feed as the server's live stream takes it: its procedure and parameters. */
export interface FeedRequest {
  feed: string;
  input?: Record<string, unknown>;
}

/** A feed a tab shows: `public` when its results are anyone's (the programme), whoever the stream's person. */
export interface FeedSubscription extends FeedRequest {
  public?: boolean;
}

/**
 * Whose data a subscriber of a feed that is not public may be shown: the person its page was
 * rendered for (null: signed out), or undefined while the page still asks who is signed in, and
 * then no one's.
 */
export type FeedViewer = string | null | undefined;

interface Want extends FeedSubscription {
  key: string;
  viewer: FeedViewer;
  /** When the tab asked for it (the same clock for all tabs): a claim newer than the stream may mean a new sign-in. */
  since: number;
}

/** What the tabs say to each other. */
type Note =
  /** A tab's whole set of feeds (to the leader), on each change and whenever asked. */
  | { type: 'want'; tab: string; wants: Want[] }
  | { type: 'bye'; tab: string }
  /** A tab has just become the leader: every tab says what it wants. */
  | { type: 'leader'; tab: string }
  /** The leader asks which tabs are still there (a frozen or killed tab does not answer). */
  | { type: 'roll-call' }
  | { type: 'alive' }
  | { type: 'data'; key: string; viewer: string | null; data: unknown; to?: string }
  | { type: 'refused'; key: string; viewer: string | null; reason: LiveError; to?: string }
  | { type: 'reconnecting'; key?: string }
  | { type: 'failed'; reason: LiveError };

/**
 * What the server's one stream says (src/features/live/live-endpoint.ts), each result in superjson's
 * form. A result the server shares among streams names its feed by the server's id for it
 * (`shared`), and the stream says first which of its keys that id is (`{ key, shared }`), so the
 * server writes the very same bytes to every stream (issue 48).
 */
type StreamMessage =
  | { viewer: string | null }
  | { key: string; shared: string }
  | { shared: string; data: SuperJsonResult }
  | { key: string; data: SuperJsonResult }
  | { key: string; refused: string }
  | { key: string; retrying: true };

/** A tab's view of a BroadcastChannel, and of the Web Locks it needs (tests give their own). */
export interface HubChannel {
  postMessage(note: Note): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Note>) => void): void;
  close(): void;
}
export interface HubLocks {
  request(name: string, options: { steal?: boolean }, callback: () => Promise<void>): Promise<void>;
}
export type OpenStream = (feeds: readonly (FeedRequest & { key: string })[], events: FeedEvents<StreamMessage>) => () => void;

export interface HubOptions {
  channel: HubChannel | null;
  locks: HubLocks | null;
  openStream: OpenStream;
  tab?: string;
  /** Whether the tab is in view (a hidden tab neither takes over nor answers while frozen). */
  visible?: () => boolean;
}

const CHANNEL_NAME = 'venue-live';
const LOCK_NAME = 'venue-live-leader';
/** The leader says it is there this often. */
export const HEARTBEAT_MS = 5_000;
/** A tab in view that has heard nothing of the leader for this long takes over (the leader's tab was frozen). */
export const LEADER_SILENCE_MS = 15_000;
/** The leader asks which tabs are still there this often, and forgets the feeds of those silent for ROLL_CALL_ANSWER_MS. */
export const ROLL_CALL_MS = 30_000;
export const ROLL_CALL_ANSWER_MS = 3_000;
/**
 * A feed no tab shows any more leaves the stream only after this long (the stream is opened again
 * without it): moving between pages and back costs no new connection.
 */
export const UNUSED_FEED_MS = 10_000;
/** The stream is opened again for another person at most this often (cookies change once per sign-in). */
export const VIEWER_RETRY_MS = 5_000;
/** Changes to the wanted feeds within this window are one change (a page's components subscribe together). */
const SETTLE_MS = 25;

/** The name both sides give a feed: its procedure and parameters. */
export function feedKey({ feed, input }: FeedRequest): string {
  return `${feed} ${JSON.stringify(input ?? null)}`;
}

interface Subscriber {
  key: string;
  public?: boolean;
  viewer: FeedViewer;
  events: FeedEvents<unknown>;
}

interface Latest {
  viewer: string | null;
  data?: unknown;
  refused?: LiveError;
}

/** Whether a subscriber may be shown a result of the stream of `of`. */
const sees = (subscriber: { public?: boolean; viewer: FeedViewer }, of: string | null) => subscriber.public === true || (subscriber.viewer !== undefined && subscriber.viewer === of);

/**
 * Whether a subscriber was rendered for someone other than `of`: a page still asking who it is for
 * is no one yet, and the stream is not opened again for it.
 */
const isStranger = (subscriber: { public?: boolean; viewer: FeedViewer }, of: string | null) => subscriber.public !== true && subscriber.viewer !== undefined && subscriber.viewer !== of;

export class LiveHub {
  /** This tab's name among the browser's tabs. */
  readonly tab: string;
  private readonly subscribers = new Map<number, Subscriber>();
  private nextId = 0;
  /** The newest result of each feed this tab has heard (for a second subscriber of the same feed). */
  private readonly latest = new Map<string, Latest>();
  private announceTimer: ReturnType<typeof setTimeout> | undefined;
  private lastHeard = Date.now();
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private leader: Leader | null = null;

  constructor(readonly options: HubOptions) {
    this.tab = options.tab ?? Math.random().toString(36).slice(2);
    const { channel, locks } = options;
    if (!channel || !locks) {
      this.leader = new Leader(this, null);
      return;
    }
    channel.addEventListener('message', (event) => this.hear(event.data));
    this.queueForLeadership(false);
    // A tab in view that hears nothing of the leader takes over; one hidden says nothing.
    this.timers.push(setInterval(() => this.checkLeader(), HEARTBEAT_MS));
  }

  /** Starts showing a feed to `events`; returns the function that stops it. */
  subscribe(request: FeedSubscription, viewer: FeedViewer, events: FeedEvents<unknown>): () => void {
    const key = feedKey(request);
    const id = this.nextId++;
    const subscriber: Subscriber = { key, public: request.public, viewer, events };
    this.subscribers.set(id, subscriber);
    this.wants.set(id, { ...request, key, viewer, since: Date.now() });
    const known = this.latest.get(key);
    if (known && sees(subscriber, known.viewer)) {
      queueMicrotask(() => {
        if (!this.subscribers.has(id)) return;
        if (known.refused) events.failed(known.refused);
        else events.data(known.data, false);
      });
    }
    this.wantsChanged();
    return () => {
      if (!this.subscribers.delete(id)) return;
      this.wants.delete(id);
      this.wantsChanged();
    };
  }

  /** Stops everything (tests; a page being unloaded lets the browser do it). */
  close(): void {
    for (const timer of this.timers) clearInterval(timer);
    clearTimeout(this.announceTimer);
    this.leader?.stop();
    this.leader = null;
    this.options.channel?.close();
  }

  /** Says goodbye: the leader forgets this tab's feeds at once. */
  leave(): void {
    if (!this.leader) this.post({ type: 'bye', tab: this.tab });
  }

  /** The tab came back into view (or out of the back/forward cache): what it shows may be behind. */
  resumed(): void {
    this.lastHeard = Date.now();
    this.announce();
  }

  // Everything below is the hub's own business.

  private readonly wants = new Map<number, Want>();

  /** This tab's feeds, once per feed and viewer. */
  ownWants(): Want[] {
    const unique = new Map<string, Want>();
    for (const want of this.wants.values()) {
      const name = `${want.key}\n${want.viewer}`;
      if ((unique.get(name)?.since ?? -1) < want.since) unique.set(name, want);
    }
    return [...unique.values()];
  }

  private wantsChanged(): void {
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(() => this.announce(), SETTLE_MS);
  }

  private announce(): void {
    if (this.leader) this.leader.tabWants(this.tab, this.ownWants());
    else this.post({ type: 'want', tab: this.tab, wants: this.ownWants() });
  }

  post(note: Note): void {
    this.options.channel?.postMessage(note);
  }

  /** A result, refusal or state for this tab's own subscribers. */
  deliver(note: Note): void {
    switch (note.type) {
      case 'data':
      case 'refused': {
        if (note.to !== undefined && note.to !== this.tab) return;
        this.latest.set(note.key, note.type === 'data' ? { viewer: note.viewer, data: note.data } : { viewer: note.viewer, refused: note.reason });
        for (const subscriber of this.subscribers.values()) {
          if (subscriber.key !== note.key || !sees(subscriber, note.viewer)) continue;
          if (note.type === 'data') subscriber.events.data(note.data, false);
          else subscriber.events.failed(note.reason);
        }
        return;
      }
      case 'reconnecting':
        for (const subscriber of this.subscribers.values()) if (note.key === undefined || subscriber.key === note.key) subscriber.events.reconnecting();
        return;
      case 'failed':
        for (const subscriber of this.subscribers.values()) subscriber.events.failed(note.reason);
        return;
    }
  }

  private hear(note: Note): void {
    if (this.leader) {
      this.leader.hear(note);
      return;
    }
    switch (note.type) {
      case 'leader':
      case 'roll-call':
        this.lastHeard = Date.now();
        // A frozen tab does not run this: the leader forgets its feeds until it is back.
        this.announce();
        return;
      case 'alive':
        this.lastHeard = Date.now();
        return;
      case 'want':
      case 'bye':
        return;
      default:
        this.lastHeard = Date.now();
        this.deliver(note);
    }
  }

  private queueForLeadership(steal: boolean): void {
    this.options.locks!.request(LOCK_NAME, steal ? { steal: true } : {}, async () => {
      const leader = new Leader(this, this.options.channel);
      this.leader = leader;
      this.post({ type: 'leader', tab: this.tab });
      leader.tabWants(this.tab, this.ownWants());
      // Held until the tab goes away (the browser releases it) or another tab takes over.
      await new Promise<void>((resolve) => (leader.resign = resolve));
    }).catch(() => {
      // Another tab took the lead (steal): this one stops leading and queues again.
      this.leader?.stop();
      this.leader = null;
      this.lastHeard = Date.now();
      this.queueForLeadership(false);
      this.announce();
    });
  }

  private checkLeader(): void {
    if (this.leader || this.wants.size === 0) return;
    if (!(this.options.visible?.() ?? true)) return;
    if (Date.now() - this.lastHeard < LEADER_SILENCE_MS) return;
    this.lastHeard = Date.now();
    this.queueForLeadership(true);
  }
}

/** The leading tab's part: every tab's wants, the one stream, and passing its results on. */
class Leader {
  resign: (() => void) | undefined;
  private readonly tabs = new Map<string, { wants: Want[]; answeredAt: number }>();
  /** The newest result of each feed on the current stream. */
  private readonly latest = new Map<string, Latest>();
  /** `shared`: the server's id of each key's feed on this stream, as it said (`{ key, shared }`). */
  private stream: { close: () => void; keys: Set<string>; shared: Map<string, string>; viewer?: string | null; openedAt: number } | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  private reopenAt = Infinity;
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private order: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly hub: LiveHub,
    private readonly channel: HubChannel | null,
  ) {
    if (!channel) return;
    this.timers.push(setInterval(() => hub.post({ type: 'alive' }), HEARTBEAT_MS));
    this.timers.push(setInterval(() => this.rollCall(), ROLL_CALL_MS));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    clearTimeout(this.reopenTimer);
    this.stream?.close();
    this.stream = null;
    this.resign?.();
  }

  hear(note: Note): void {
    if (note.type === 'want') {
      this.tabWants(note.tab, note.wants);
    } else if (note.type === 'bye') {
      this.tabs.delete(note.tab);
      this.changed();
    }
    // 'leader' from another tab: it took over from this one, and the lock tells this tab so.
  }

  tabWants(tab: string, wants: Want[]): void {
    const known = this.tabs.get(tab);
    this.tabs.set(tab, { wants, answeredAt: Date.now() });
    // What the stream already has goes to the tab at once, for the feeds it did not have before.
    const had = new Set(known?.wants.map((want) => `${want.key}\n${want.viewer}`));
    for (const want of wants) {
      if (had.has(`${want.key}\n${want.viewer}`)) continue;
      const latest = this.latest.get(want.key);
      if (!latest || !sees(want, latest.viewer)) continue;
      const note: Note =
        latest.refused !== undefined
          ? { type: 'refused', key: want.key, viewer: latest.viewer, reason: latest.refused, to: tab }
          : { type: 'data', key: want.key, viewer: latest.viewer, data: latest.data, to: tab };
      this.send(note, tab);
    }
    if (!known || JSON.stringify(known.wants) !== JSON.stringify(wants)) this.changed();
  }

  /** To one tab (this one, or another over the channel) or, without `tab`, to all. */
  private send(note: Note, tab?: string): void {
    const own = tab === undefined || !this.channel || tab === this.ownTab();
    if (own) this.hub.deliver(note);
    if (this.channel && (tab === undefined || tab !== this.ownTab())) this.hub.post(note);
  }

  private ownTab(): string {
    return this.hub.tab;
  }

  private rollCall(): void {
    const asked = Date.now();
    this.hub.post({ type: 'roll-call' });
    setTimeout(() => {
      if (this.stopped) return;
      let forgot = false;
      for (const [tab, entry] of this.tabs) {
        if (tab !== this.ownTab() && entry.answeredAt < asked) {
          this.tabs.delete(tab);
          forgot = true;
        }
      }
      if (forgot) this.changed();
    }, ROLL_CALL_ANSWER_MS);
  }

  /** The feeds every tab wants, once each. */
  private wanted(): Map<string, Want> {
    const all = new Map<string, Want>();
    for (const { wants } of this.tabs.values()) for (const want of wants) all.set(want.key, want);
    return all;
  }

  /**
   * Whether a tab was rendered for someone other than the stream's person after the stream opened:
   * someone signed in or out since, and the stream must read the cookie afresh. An older claim is
   * a tab not yet caught up with the sign-in (its page turns over by itself), and opening the
   * stream again would change nothing.
   */
  private newStranger(): boolean {
    const stream = this.stream;
    if (!stream || stream.viewer === undefined) return false;
    for (const { wants } of this.tabs.values()) for (const want of wants) if (isStranger(want, stream.viewer) && want.since >= stream.openedAt) return true;
    return false;
  }

  /** Decides whether and when the stream is opened again for the feeds wanted now. */
  changed(): void {
    if (this.stopped) return;
    const wanted = this.wanted();
    const current = this.stream?.keys ?? new Set<string>();
    const added = [...wanted.keys()].some((key) => !current.has(key));
    const removed = [...current].some((key) => !wanted.has(key));
    let delay = Infinity;
    if (added) delay = SETTLE_MS;
    else if (removed) delay = UNUSED_FEED_MS;
    if (this.stream && this.newStranger()) delay = Math.min(delay, Math.max(SETTLE_MS, this.stream.openedAt + VIEWER_RETRY_MS - Date.now()));
    if (delay === Infinity) {
      clearTimeout(this.reopenTimer);
      this.reopenAt = Infinity;
      return;
    }
    const at = Date.now() + delay;
    // An earlier reopening stands; a later one gives way to a sooner.
    if (at >= this.reopenAt) return;
    clearTimeout(this.reopenTimer);
    this.reopenAt = at;
    this.reopenTimer = setTimeout(() => {
      this.reopenAt = Infinity;
      this.reopen();
    }, delay);
  }

  private reopen(): void {
    if (this.stopped) return;
    const wanted = this.wanted();
    this.stream?.close();
    this.stream = null;
    for (const key of this.latest.keys()) if (!wanted.has(key)) this.latest.delete(key);
    if (wanted.size === 0) return;
    const feeds = [...wanted.values()].map(({ key, feed, input }) => (input === undefined ? { key, feed } : { key, feed, input }));
    const stream: NonNullable<Leader['stream']> = { close: () => {}, keys: new Set(wanted.keys()), shared: new Map(), openedAt: Date.now() };
    this.stream = stream;
    const mine = () => this.stream === stream && !this.stopped;
    stream.close = this.hub.options.openStream(feeds, {
      data: (message) => {
        // In order: a result waits for the one before it to be read.
        this.order = this.order.then(() => (mine() ? this.onMessage(stream, message) : undefined)).catch((error: unknown) => console.error('A live result could not be read:', error));
      },
      reconnecting: () => mine() && this.send({ type: 'reconnecting' }),
      cacheOnly: () => {},
      failed: (reason) => mine() && this.send({ type: 'failed', reason }),
    });
  }

  private async onMessage(stream: NonNullable<Leader['stream']>, message: StreamMessage): Promise<void> {
    if ('viewer' in message) {
      if (stream.viewer !== undefined && stream.viewer !== message.viewer) this.latest.clear();
      stream.viewer = message.viewer;
      for (const [key, latest] of this.latest) if (latest.viewer !== message.viewer) this.latest.delete(key);
      this.changed();
      return;
    }
    const viewer = stream.viewer ?? null;
    if ('shared' in message && 'key' in message) {
      stream.shared.set(message.key, message.shared);
    } else if ('shared' in message) {
      const data = await deserialize(message.data);
      if (this.stream !== stream) return;
      for (const [key, id] of stream.shared) {
        if (id !== message.shared) continue;
        this.latest.set(key, { viewer, data });
        this.send({ type: 'data', key, viewer, data });
      }
    } else if ('data' in message) {
      const data = await deserialize(message.data);
      if (this.stream !== stream) return;
      this.latest.set(message.key, { viewer, data });
      this.send({ type: 'data', key: message.key, viewer, data });
    } else if ('refused' in message) {
      const reason = liveError({ code: message.refused });
      this.latest.set(message.key, { viewer, refused: reason });
      this.send({ type: 'refused', key: message.key, viewer, reason });
    } else {
      this.send({ type: 'reconnecting', key: message.key });
    }
  }
}

let hub: LiveHub | undefined;

/** The tab's hub (browser only), started on first use. */
export function liveHub(): LiveHub {
  if (hub) return hub;
  const channel = typeof BroadcastChannel === 'function' ? (new BroadcastChannel(CHANNEL_NAME) as unknown as HubChannel) : null;
  const locks = typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks as unknown as HubLocks) : null;
  const started = new LiveHub({
    channel,
    locks,
    visible: () => document.visibilityState === 'visible',
    openStream: (feeds, events) => openEventStream(streamUrl(feeds), events),
  });
  addEventListener('pagehide', () => started.leave());
  addEventListener('pageshow', (event: PageTransitionEvent) => event.persisted && started.resumed());
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && started.resumed());
  hub = started;
  return started;
}
