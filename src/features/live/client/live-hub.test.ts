// The browser's tabs share one live stream: one tab leads (a Web Lock) and holds the stream of every
// feed the tabs want, the others follow over a BroadcastChannel; another tab takes over when the
// leader closes; a feed no tab shows leaves the stream after a while; a tab rendered for another
// person gets nothing of the stream's person. Channels, locks and the stream are stand-ins here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedEvents } from './feed-events';
import { feedKey, LiveHub, UNUSED_FEED_MS, VIEWER_RETRY_MS, type HubChannel, type HubLocks, type OpenStream } from './live-hub';

/** One browser's BroadcastChannel: what one tab posts, the others hear (never the poster). */
class Bus {
  private readonly members = new Set<FakeChannel>();
  join(channel: FakeChannel) {
    this.members.add(channel);
  }
  leave(channel: FakeChannel) {
    this.members.delete(channel);
  }
  post(from: FakeChannel, note: unknown) {
    for (const member of this.members) if (member !== from) queueMicrotask(() => member.receive(structuredClone(note)));
  }
}

class FakeChannel implements HubChannel {
  private readonly listeners: ((event: MessageEvent) => void)[] = [];
  private closed = false;
  constructor(private readonly bus: Bus) {
    bus.join(this);
  }
  postMessage(note: unknown) {
    if (!this.closed) this.bus.post(this, note);
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners.push(listener);
  }
  receive(note: unknown) {
    for (const listener of this.listeners) listener({ data: note } as MessageEvent);
  }
  close() {
    this.closed = true;
    this.bus.leave(this);
  }
}

/** One browser's Web Locks, for one lock name: held by one, granted in order, `steal` takes it. */
class FakeLocks implements HubLocks {
  private holder: { reject: (error: Error) => void } | null = null;
  private readonly queue: (() => void)[] = [];
  request(_name: string, options: { steal?: boolean }, callback: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        const held = { reject };
        this.holder = held;
        void callback().then(() => {
          if (this.holder !== held) return;
          this.holder = null;
          resolve();
          this.queue.shift()?.();
        });
      };
      if (options.steal && this.holder) {
        this.holder.reject(new DOMException('stolen', 'AbortError'));
        grant();
      } else if (this.holder) this.queue.push(grant);
      else grant();
    });
  }
}

interface FakeStream {
  feeds: { key: string; feed: string; input?: unknown }[];
  events: FeedEvents<unknown>;
  closed: boolean;
}

function browser() {
  const bus = new Bus();
  const locks = new FakeLocks();
  const streams: FakeStream[] = [];
  const openStream: OpenStream = (feeds, events) => {
    const stream: FakeStream = { feeds: [...feeds], events: events as FeedEvents<unknown>, closed: false };
    streams.push(stream);
    return () => (stream.closed = true);
  };
  const tabs: LiveHub[] = [];
  const tab = (name: string, { alone = false }: { alone?: boolean } = {}) => {
    const hub = new LiveHub({ channel: alone ? null : new FakeChannel(bus), locks: alone ? null : locks, openStream, tab: name });
    tabs.push(hub);
    return hub;
  };
  const open = () => streams.filter((stream) => !stream.closed);
  /** The server's side of the open stream: whose it is, and a feed's result. */
  const server = {
    viewer: (viewer: string | null, stream = open().at(-1)!) => stream.events.data({ viewer }, false),
    data: (key: string, data: unknown, stream = open().at(-1)!) => stream.events.data({ key, data: { json: data } }, false),
    refuse: (key: string, code: string, stream = open().at(-1)!) => stream.events.data({ key, refused: code }, false),
    /** Says which of the stream's keys the server's shared feed `id` is (issue 48). */
    bind: (key: string, id: string, stream = open().at(-1)!) => stream.events.data({ key, shared: id }, false),
    /** A result shared by every stream of the feed: named by the server's id, not by a key. */
    shared: (id: string, data: unknown, stream = open().at(-1)!) => stream.events.data({ shared: id, data: { json: data } }, false),
  };
  return { tab, tabs, streams, open, server };
}

function shown() {
  const seen: unknown[] = [];
  const calls: string[] = [];
  const events: FeedEvents<unknown> = {
    data: (data) => {
      seen.push(data);
      calls.push('data');
    },
    reconnecting: () => calls.push('reconnecting'),
    cacheOnly: () => calls.push('cacheOnly'),
    failed: (reason) => calls.push(`failed:${reason}`),
  };
  return { seen, calls, events };
}

const settle = () => vi.advanceTimersByTimeAsync(100);
const PROGRAMME = { feed: 'events.live', public: true };
const INBOX = { feed: 'inbox.live' };
const DOOR = (eventId: string) => ({ feed: 'door.activity', input: { eventId } });

let current: ReturnType<typeof browser> | undefined;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const hub of current?.tabs ?? []) hub.close();
  current = undefined;
  vi.useRealTimers();
});

describe('one live stream for all of a browser’s tabs', () => {
  it('the first tab leads and opens one stream with every tab’s feeds; each tab sees its own feeds’ results', async () => {
    const b = (current = browser());
    const first = b.tab('first');
    const second = b.tab('second');
    const programme = shown();
    const inbox = shown();
    const inboxToo = shown();
    first.subscribe(PROGRAMME, undefined, programme.events);
    second.subscribe(INBOX, 'ann', inbox.events);
    second.subscribe(INBOX, 'ann', inboxToo.events);
    await settle();

    expect(b.open()).toHaveLength(1);
    expect(b.open()[0]!.feeds.map((feed) => feed.key).sort()).toEqual([feedKey(INBOX), feedKey(PROGRAMME)].sort());

    b.server.viewer('ann');
    b.server.data(feedKey(PROGRAMME), [{ title: 'Dock Party' }]);
    b.server.data(feedKey(INBOX), { unread: 2 });
    await settle();
    expect(programme.seen).toEqual([[{ title: 'Dock Party' }]]);
    expect(inbox.seen).toEqual([{ unread: 2 }]);
    expect(inboxToo.seen).toEqual([{ unread: 2 }]);
  });

  it('a result the server shares among streams reaches the feed its stream said it is, and no other', async () => {
    const b = (current = browser());
    const programme = shown();
    const inbox = shown();
    b.tab('first').subscribe(PROGRAMME, undefined, programme.events);
    b.tab('second').subscribe(INBOX, 'ann', inbox.events);
    await settle();
    b.server.viewer('ann');
    b.server.bind(feedKey(PROGRAMME), '1a');
    b.server.bind(feedKey(INBOX), '2b');
    b.server.shared('1a', ['Dock Party']);
    b.server.shared('2b', { unread: 1 });
    // The programme's watcher was started again on the server: the stream says its new id first.
    b.server.bind(feedKey(PROGRAMME), '3c');
    b.server.shared('1a', ['stale']);
    b.server.shared('3c', ['Dock Party', 'Harbour Lights']);
    await settle();
    expect(programme.seen).toEqual([['Dock Party'], ['Dock Party', 'Harbour Lights']]);
    expect(inbox.seen).toEqual([{ unread: 1 }]);
  });

  it('a tab that opens later gets the latest result at once, without a new stream', async () => {
    const b = (current = browser());
    b.tab('first').subscribe(PROGRAMME, undefined, shown().events);
    await settle();
    b.server.viewer(null);
    b.server.data(feedKey(PROGRAMME), ['latest']);
    await settle();
    const late = shown();
    b.tab('late').subscribe(PROGRAMME, undefined, late.events);
    await settle();
    expect(late.seen).toEqual([['latest']]);
    expect(b.streams).toHaveLength(1);
  });

  it('when the leading tab closes, another takes over and opens the stream for the tabs left', async () => {
    const b = (current = browser());
    const leader = b.tab('leader');
    const follower = b.tab('follower');
    leader.subscribe(PROGRAMME, undefined, shown().events);
    const door = shown();
    follower.subscribe(DOOR('e1'), 'staff', door.events);
    await settle();
    expect(b.open()).toHaveLength(1);

    leader.close();
    await settle();
    expect(b.streams[0]!.closed).toBe(true);
    expect(b.open()).toHaveLength(1);
    expect(b.open()[0]!.feeds.map((feed) => feed.key)).toEqual([feedKey(DOOR('e1'))]);
    b.server.viewer('staff');
    b.server.data(feedKey(DOOR('e1')), { admitted: 3 });
    await settle();
    expect(door.seen).toEqual([{ admitted: 3 }]);
  });

  it('a new feed joins the stream at once; a feed no tab shows leaves it only after a while', async () => {
    const b = (current = browser());
    const hub = b.tab('only');
    const stopProgramme = hub.subscribe(PROGRAMME, undefined, shown().events);
    await settle();
    hub.subscribe(DOOR('e1'), 'staff', shown().events);
    await settle();
    expect(b.streams).toHaveLength(2);
    expect(b.open()[0]!.feeds).toHaveLength(2);

    stopProgramme();
    await vi.advanceTimersByTimeAsync(UNUSED_FEED_MS - 1_000);
    expect(b.streams).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(b.streams).toHaveLength(3);
    expect(b.open()[0]!.feeds.map((feed) => feed.key)).toEqual([feedKey(DOOR('e1'))]);
  });

  it('a tab rendered for someone else gets nothing of the stream’s person, and the stream is opened again to read the cookie afresh', async () => {
    const b = (current = browser());
    const before = shown();
    b.tab('old').subscribe(INBOX, 'ann', before.events);
    await settle();
    b.server.viewer('ann');
    b.server.data(feedKey(INBOX), { unread: 1, of: 'ann' });
    await settle();
    expect(before.seen).toEqual([{ unread: 1, of: 'ann' }]);

    // Signed in as Ben in another tab: that tab's inbox is Ben's.
    const after = shown();
    b.tab('new').subscribe(INBOX, 'ben', after.events);
    await settle();
    expect(after.seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(VIEWER_RETRY_MS);
    expect(b.streams).toHaveLength(2);
    b.server.viewer('ben');
    b.server.data(feedKey(INBOX), { unread: 5, of: 'ben' });
    await settle();
    expect(after.seen).toEqual([{ unread: 5, of: 'ben' }]);
    expect(before.seen).toEqual([{ unread: 1, of: 'ann' }]);
    // Not opened again and again while the old tab still shows Ann.
    await vi.advanceTimersByTimeAsync(VIEWER_RETRY_MS * 3);
    expect(b.streams).toHaveLength(2);
  });

  it('a page still asking who is signed in is shown no one’s result of a feed that is not public, and no new stream is opened for it', async () => {
    const b = (current = browser());
    const ann = shown();
    const leader = b.tab('leader');
    leader.subscribe(INBOX, 'ann', ann.events);
    leader.subscribe(PROGRAMME, undefined, shown().events);
    await settle();
    b.server.viewer('ann');
    b.server.data(feedKey(INBOX), { unread: 1, of: 'ann' });
    b.server.data(feedKey(PROGRAMME), ['Dock Party']);
    await settle();

    // The pass's shell, rendered for no one, in the leading tab and in another.
    const asking = shown();
    const askingElsewhere = shown();
    const programme = shown();
    leader.subscribe(INBOX, undefined, asking.events);
    b.tab('shell').subscribe(INBOX, undefined, askingElsewhere.events);
    b.tabs[1]!.subscribe(PROGRAMME, undefined, programme.events);
    await settle();
    b.server.data(feedKey(INBOX), { unread: 2, of: 'ann' });
    await settle();
    expect(asking.seen).toEqual([]);
    expect(askingElsewhere.seen).toEqual([]);
    expect(ann.seen).toEqual([
      { unread: 1, of: 'ann' },
      { unread: 2, of: 'ann' },
    ]);
    // A public feed's result is anyone's.
    expect(programme.seen).toEqual([['Dock Party']]);
    await vi.advanceTimersByTimeAsync(VIEWER_RETRY_MS * 2);
    expect(b.streams).toHaveLength(1);
  });

  it('says a refusal to the feed’s tabs only, and a dropped stream to every tab', async () => {
    const b = (current = browser());
    const library = shown();
    const programme = shown();
    b.tab('a').subscribe({ feed: 'images.live', input: {} }, 'ann', library.events);
    b.tab('b').subscribe(PROGRAMME, undefined, programme.events);
    await settle();
    b.server.viewer('ann');
    b.server.refuse(feedKey({ feed: 'images.live', input: {} }), 'FORBIDDEN');
    b.server.data(feedKey(PROGRAMME), []);
    await settle();
    expect(library.calls).toEqual(['failed:forbidden']);
    b.open()[0]!.events.reconnecting();
    await settle();
    expect(library.calls).toEqual(['failed:forbidden', 'reconnecting']);
    expect(programme.calls).toEqual(['data', 'reconnecting']);
  });

  it('a tab in view that hears nothing of the leader (its tab frozen) takes over', async () => {
    const b = (current = browser());
    const frozen = b.tab('frozen');
    frozen.subscribe(PROGRAMME, undefined, shown().events);
    await settle();
    const awake = b.tab('awake');
    const programme = shown();
    awake.subscribe(PROGRAMME, undefined, programme.events);
    await settle();
    expect(b.streams).toHaveLength(1);
    // The leader's tab stops running: nothing it says reaches the others, and it keeps its lock.
    frozen.options.channel!.close();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(b.streams).toHaveLength(2);
    expect(b.streams[0]!.closed).toBe(true);
    expect(b.open()[0]!.feeds.map((feed) => feed.key)).toEqual([feedKey(PROGRAMME)]);
    b.server.viewer(null);
    b.server.data(feedKey(PROGRAMME), ['fresh']);
    await settle();
    expect(programme.seen).toEqual([['fresh']]);
  });

  it('without Web Locks or BroadcastChannel, each tab has a stream of its own', async () => {
    const b = (current = browser());
    b.tab('a', { alone: true }).subscribe(PROGRAMME, undefined, shown().events);
    const own = shown();
    b.tab('b', { alone: true }).subscribe(PROGRAMME, undefined, own.events);
    await settle();
    expect(b.open()).toHaveLength(2);
    b.server.viewer(null);
    b.server.data(feedKey(PROGRAMME), ['b']);
    await settle();
    expect(own.seen).toEqual([['b']]);
  });
});
