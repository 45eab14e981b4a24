// A feed is read the way its own definition says: through the browser's one live stream (the
// embedded backend, and every backend for a feed the server computes), or with the definition's
// query on Firestore (Firebase backend), as the signed-in person unless it is public; and what a
// page shows of it follows the connection. The feeds here are the test's own; the hub, Firestore
// and Firebase Auth are stand-ins.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Firestore } from 'firebase/firestore';
import type { SetStateAction } from 'react';
import type { ClientFeed } from './client-feed';
import type { FeedEvents } from './feed-events';
import type { LiveState } from './live-state';
import { connectFeed, followFeed } from './feed-connection';

const hub = vi.hoisted(() => ({ subscribe: vi.fn((..._args: unknown[]) => () => {}) }));
vi.mock('./live-hub', () => ({ liveHub: () => hub }));

const firebase = vi.hoisted(() => ({
  db: { name: 'db' },
  authStateReady: vi.fn(async () => {}),
  onSnapshot: vi.fn((..._args: unknown[]) => () => {}),
}));
vi.mock('firebase/firestore', () => ({
  Timestamp: class {},
  getFirestore: () => firebase.db,
  onSnapshot: firebase.onSnapshot,
}));
vi.mock('@/firebase-client/firebase-web', () => ({
  firebaseApp: () => ({}),
  firebaseAuth: async () => ({ authStateReady: firebase.authStateReady }),
}));

interface Note {
  id: string;
  text: string;
}

const query = vi.fn((_firestore: unknown, db: Firestore, input: { topic: string }) => ({ db, topic: input.topic }) as never);
const notesFeed: ClientFeed<{ topic: string }, readonly Note[]> = { procedure: 'notes.live', firestore: query };
const publicNotesFeed: ClientFeed<{ topic: string }, readonly Note[]> = { procedure: 'notes.public', public: true, firestore: query };
const countFeed: ClientFeed<void, { count: number }> = { procedure: 'notes.count' };

function events(): FeedEvents<unknown> & { seen: unknown[] } {
  const seen: unknown[] = [];
  return { seen, data: (data) => seen.push(data), reconnecting: () => {}, cacheOnly: () => {}, failed: () => {} };
}

beforeEach(() => vi.clearAllMocks());

describe('connectFeed', () => {
  it('reads a feed through the live stream in the embedded backend, as the person the page was rendered for', async () => {
    await connectFeed(notesFeed, 'embedded', { topic: 'door' }, 'member-1', events());
    expect(hub.subscribe).toHaveBeenCalledWith({ feed: 'notes.live', input: { topic: 'door' } }, 'member-1', expect.anything());
    expect(query).not.toHaveBeenCalled();
  });

  it('gives a public feed to anyone', async () => {
    await connectFeed(publicNotesFeed, 'embedded', { topic: 'door' }, 'member-1', events());
    expect(hub.subscribe).toHaveBeenCalledWith({ feed: 'notes.public', input: { topic: 'door' }, public: true }, undefined, expect.anything());
  });

  it('reads a feed the server computes through the live stream in the Firebase backend too', async () => {
    await connectFeed(countFeed, 'firebase', undefined, 'member-1', events());
    expect(hub.subscribe).toHaveBeenCalledWith({ feed: 'notes.count', input: undefined }, 'member-1', expect.anything());
    expect(firebase.onSnapshot).not.toHaveBeenCalled();
  });

  it('runs the feed’s own query on Firestore in the Firebase backend, signed in first, and hands on each document with its id', async () => {
    const listener = events();
    await connectFeed(notesFeed, 'firebase', { topic: 'door' }, 'member-1', listener);
    expect(hub.subscribe).not.toHaveBeenCalled();
    expect(firebase.authStateReady).toHaveBeenCalled();
    const [ran, onNext] = firebase.onSnapshot.mock.calls[0] as [unknown, (snapshot: unknown) => void];
    expect(ran).toEqual({ db: firebase.db, topic: 'door' });
    onNext({ metadata: { fromCache: false }, docs: [{ id: 'n1', data: () => ({ text: 'Doors at eight' }) }] });
    expect(listener.seen).toEqual([[{ id: 'n1', text: 'Doors at eight' }]]);
  });

  it('reads a public feed on Firestore without waiting for Firebase Auth', async () => {
    await connectFeed(publicNotesFeed, 'firebase', { topic: 'door' }, null, events());
    expect(firebase.onSnapshot).toHaveBeenCalled();
    expect(firebase.authStateReady).not.toHaveBeenCalled();
  });
});

describe('followFeed', () => {
  /** Follows `countFeed` from `state`, as useLiveFeed does; returns the state and the hub's events. */
  async function follow(state: LiveState<{ count: number }>, serverRendered = false) {
    const shown = { state };
    const update = (change: SetStateAction<LiveState<{ count: number }>>) => (shown.state = typeof change === 'function' ? change(shown.state) : change);
    await followFeed(countFeed, 'embedded', undefined, 'member-1', serverRendered, update);
    const events = hub.subscribe.mock.calls[0]![2] as FeedEvents<unknown>;
    return { shown, events };
  }

  it('shows each result, and keeps the last one, marked, while the connection is down', async () => {
    const { shown, events } = await follow({ status: 'loading' });
    events.data({ count: 3 }, false);
    expect(shown.state).toEqual({ status: 'ready', data: { count: 3 }, reconnecting: false });
    events.reconnecting();
    expect(shown.state).toEqual({ status: 'ready', data: { count: 3 }, reconnecting: true });
    events.failed('unavailable');
    expect(shown.state).toEqual({ status: 'ready', data: { count: 3 }, reconnecting: true });
  });

  it('says why when refused, and when out of reach before any result', async () => {
    const refused = await follow({ status: 'ready', data: { count: 3 }, reconnecting: false });
    refused.events.failed('forbidden');
    expect(refused.shown.state).toEqual({ status: 'error', error: 'forbidden' });
    vi.clearAllMocks();
    const unreachable = await follow({ status: 'loading' });
    unreachable.events.failed('unavailable');
    expect(unreachable.shown.state).toEqual({ status: 'error', error: 'unavailable' });
  });

  it('with only Firestore’s cache at first, shows an empty list, marked, or, where the server’s list is on screen, that it is out of reach', async () => {
    const own = await follow({ status: 'loading' });
    own.events.cacheOnly();
    expect(own.shown.state).toEqual({ status: 'ready', data: [], reconnecting: true });
    vi.clearAllMocks();
    const serverRendered = await follow({ status: 'loading' }, true);
    serverRendered.events.cacheOnly();
    expect(serverRendered.shown.state).toEqual({ status: 'error', error: 'unavailable' });
  });
});
