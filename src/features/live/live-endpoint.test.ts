// The browser's one live stream (GET /api/live, decision 041), through its real handler: several
// feeds on one stream, each with its own access level; open streams counted per account (many
// accounts behind one address are many people) and per address only for the signed-out; a slot
// released when the browser is gone or the stream reaches its maximum duration; and a feed asked
// for on its own, outside the stream, refused; and a stream that ends with its person's rights.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Identity } from '@/access/identity';
import { MAX_SIGNED_OUT_STREAMS_PER_ADDRESS, MAX_STREAMS_PER_ACCOUNT, StreamSlots } from '@/server/live/stream-limits';
import { streamSlots } from './live-endpoint';
import { openStream, openThroughHandler, testEvent, type OpenStream, type ReadMessage } from '@/app/_server/test-stream';

const documents = new SqliteDocuments(':memory:');
const ADDRESS = '203.0.113.7';

function member(uid: string, role: Identity['role'] = 'user'): Identity {
  return { uid, email: `${uid}@example.org`, emailVerified: true, displayName: uid, photoURL: null, role };
}

const opened: OpenStream[] = [];
async function open(...args: Parameters<typeof openStream>) {
  const stream = await openStream(...args);
  opened.push(stream);
  return stream;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((stream) => stream.close()));
});

const has = (key: string, what: 'data' | 'refused') => (messages: ReadMessage[]) => messages.some((message) => 'key' in message && message.key === key && what in message);

describe('the one live stream', () => {
  it('says whose it is, then carries every feed asked for; a refused feed is said and the others go on', async () => {
    const stream = await open(
      documents,
      [
        { key: 'programme', feed: 'events.live' },
        { key: 'inbox', feed: 'inbox.live' },
        { key: 'library', feed: 'images.live', input: {} },
      ],
      { identity: member('m1') },
    );
    await stream.until((messages) => has('programme', 'data')(messages) && has('inbox', 'data')(messages) && has('library', 'refused')(messages));
    expect(stream.messages[0]).toEqual({ viewer: 'm1' });
    expect(stream.messages).toContainEqual({ key: 'library', refused: 'FORBIDDEN' });
    expect(stream.messages).toContainEqual({ key: 'programme', data: [] });
  });

  it('signed out: public feeds only, and the stream says nobody is signed in', async () => {
    const stream = await open(documents, [
      { key: 'programme', feed: 'events.live' },
      { key: 'night', feed: 'pass.night' },
    ]);
    await stream.until((messages) => has('programme', 'data')(messages) && has('night', 'refused')(messages));
    expect(stream.messages[0]).toEqual({ viewer: null });
    expect(stream.messages).toContainEqual({ key: 'night', refused: 'UNAUTHORIZED' });
  });

  it('checks each feed’s input with the feed’s own rules, and refuses a stream of unknown feeds or repeated keys', async () => {
    const stream = await open(documents, [{ key: 'door', feed: 'door.activity', input: { eventId: '../x' } }], { identity: member('staff', 'scanner') });
    await stream.until(has('door', 'refused'));
    expect(stream.messages).toContainEqual({ key: 'door', refused: 'BAD_REQUEST' });

    for (const feeds of [[{ key: 'x', feed: 'users.list' }], [{ key: 'same', feed: 'events.live' }, { key: 'same', feed: 'inbox.live' }]]) {
      const refused = await open(documents, feeds);
      expect(refused.response.status).toBe(400);
      expect(await refused.response.json()).toMatchObject({ reason: 'invalidRequest' });
    }
    expect(streamSlots.total()).toBe(1);
  });

  it('300 members behind one address each get their own stream and data', async () => {
    const streams = await Promise.all(Array.from({ length: 300 }, (_, i) => open(documents, [{ key: 'inbox', feed: 'inbox.live' }], { identity: member(`guest-${i}`), address: ADDRESS })));
    await Promise.all(streams.map((stream) => stream.until(has('inbox', 'data'))));
    expect(streams.map((stream) => stream.messages[0])).toEqual(Array.from({ length: 300 }, (_, i) => ({ viewer: `guest-${i}` })));
    expect(streamSlots.count({ address: ADDRESS })).toBe(0);
  });

  it(`refuses an account's stream ${MAX_STREAMS_PER_ACCOUNT + 1} in its own words, leaves other accounts alone, and takes it again once one closes`, async () => {
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) {
      const stream = await open(documents, [{ key: 'inbox', feed: 'inbox.live' }], { identity: member('busy'), address: `198.51.100.${i}` });
      await stream.until(has('inbox', 'data'));
      streams.push(stream);
    }
    const refused = await open(documents, [{ key: 'inbox', feed: 'inbox.live' }], { identity: member('busy') });
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe('10');
    expect(await refused.response.json()).toMatchObject({
      reason: 'tooManyStreamsForAccount',
      message: `Too many live connections are open for your account (at most ${MAX_STREAMS_PER_ACCOUNT}). Close the app on a device you are not using, then reload.`,
    });

    const other = await open(documents, [{ key: 'inbox', feed: 'inbox.live' }], { identity: member('calm') });
    await other.until(has('inbox', 'data'));

    await streams[0]!.close();
    // The slot is free once the server has wound the closed stream down.
    await expect.poll(() => streamSlots.count({ account: 'busy' })).toBe(MAX_STREAMS_PER_ACCOUNT - 1);
    const again = await open(documents, [{ key: 'inbox', feed: 'inbox.live' }], { identity: member('busy') });
    await again.until(has('inbox', 'data'));
  });

  it('refuses a signed-out stream past the limit of the whole process, whatever its address, in its own words, and still takes a signed-in one', async () => {
    const slots = new StreamSlots({ account: MAX_STREAMS_PER_ACCOUNT, address: MAX_SIGNED_OUT_STREAMS_PER_ADDRESS, signedOut: 3 });
    for (let i = 0; i < 3; i++) {
      const stream = await open(documents, [{ key: 'p', feed: 'events.live' }], { address: `192.0.2.${i}`, slots });
      await stream.until(has('p', 'data'));
    }
    const refused = await open(documents, [{ key: 'p', feed: 'events.live' }], { address: '192.0.2.99', slots });
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe('10');
    expect(await refused.response.json()).toMatchObject({
      reason: 'tooManySignedOutStreams',
      message: 'Too many live connections are open right now for visitors who are not signed in (at most 3). Wait a moment and reload.',
    });
    const signedIn = await open(documents, [{ key: 'i', feed: 'inbox.live' }], { identity: member('still-welcome'), address: '192.0.2.99', slots });
    await signedIn.until(has('i', 'data'));
  });

  it('ends at its maximum duration without a closing event (the browser reconnects), and pings while quiet', async () => {
    const started = Date.now();
    const stream = await open(documents, [{ key: 'p', feed: 'events.live' }], { maxDurationMs: 600, pingMs: 150 });
    await stream.until(has('p', 'data'));
    await expect.poll(() => streamSlots.total(), { timeout: 3_000 }).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(stream.text()).toContain('event: ping');
    expect(stream.text()).not.toContain('event: return');
  });

  it('releases every slot and every watcher when the streams close', async () => {
    const streams = await Promise.all([open(documents, [{ key: 'p', feed: 'events.live' }]), open(documents, [{ key: 'i', feed: 'inbox.live' }], { identity: member('leaving') })]);
    await Promise.all(streams.map((stream) => stream.until((messages) => messages.length >= 2)));
    await Promise.all(streams.map((stream) => stream.close()));
    await expect.poll(() => streamSlots.total()).toBe(0);
    await expect.poll(() => (documents as unknown as { feed: { listenerCount(name: string): number } }).feed.listenerCount('change')).toBe(0);
  });

  it('refuses a feed asked for on its own, outside the one stream', async () => {
    const alone = await openThroughHandler(documents, 'events.live');
    expect(await alone.text()).toContain('"NOT_FOUND"');
  });
});

describe('a stream ends with its rights', () => {
  /** The bound: a change of an account reaches its open streams within this long. */
  const BOUND_MS = 15_000;
  let door: { key: string; feed: string; input: { eventId: string } };
  beforeAll(async () => {
    door = { key: 'door', feed: 'door.activity', input: { eventId: await testEvent(documents, 'rights-night') } };
  });
  // Only the clock of the streams' rounds is faked; reads and the stream itself run as ever.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((stream) => stream.close()));
    vi.useRealTimers();
  });

  const stoppedServing = (stream: OpenStream, key: string) => stream.ended() || has(key, 'refused')(stream.messages);

  it.each([
    ['its role is taken away', (scanner: Identity): Identity | null => ({ ...scanner, role: null })],
    ['it is disabled or its session ends', (): Identity | null => null],
    ['another account holds the session', (scanner: Identity): Identity | null => member(`${scanner.uid}-other`, 'scanner')],
  ])('stops serving the door to a scanner within 15 s when %s', async (_change, change) => {
    let now: Identity | null = member('door-phone', 'scanner');
    const stream = await open(documents, [door], { identity: async () => now });
    await stream.until(has('door', 'data'));

    now = change(now!);
    await vi.advanceTimersByTimeAsync(BOUND_MS);
    await expect.poll(() => stoppedServing(stream, 'door')).toBe(true);
  });

  it('keeps a stream whose person keeps their rights, checking them again and again (a new name is no reason to end it)', async () => {
    let checks = 0;
    const stream = await open(documents, [door], { identity: async () => ({ ...member('steady', 'scanner'), displayName: `Steady ${++checks}` }) });
    await stream.until(has('door', 'data'));
    await vi.advanceTimersByTimeAsync(3 * BOUND_MS);
    await expect.poll(() => checks).toBeGreaterThanOrEqual(4);
    expect(stream.ended()).toBe(false);
    expect(has('door', 'refused')(stream.messages)).toBe(false);
  });

  it('gives a person who gains the door role its feed once the browser opens the stream again', async () => {
    let now: Identity | null = member('new-staff', null);
    const identity = async () => now;
    const before = await open(documents, [door], { identity });
    await before.until(has('door', 'refused'));
    expect(before.messages).toContainEqual({ key: 'door', refused: 'FORBIDDEN' });

    now = member('new-staff', 'scanner');
    await vi.advanceTimersByTimeAsync(BOUND_MS);
    await expect.poll(() => before.ended()).toBe(true);
    // What the browser's EventSource does by itself when a stream ends without a closing event.
    const after = await open(documents, [door], { identity });
    await after.until(has('door', 'data'));
  });
});

describe('stream slots', () => {
  it('count accounts and signed-out addresses apart, each against its own limit', () => {
    const slots = new StreamSlots({ account: 2, address: 3 });
    const a = [slots.take({ account: 'a' }), slots.take({ account: 'a' })];
    expect(slots.take({ account: 'a' })).toBeNull();
    expect(slots.take({ account: 'b' })).not.toBeNull();
    const addressed = [slots.take({ address: '192.0.2.1' }), slots.take({ address: '192.0.2.1' }), slots.take({ address: '192.0.2.1' })];
    expect(addressed.every(Boolean)).toBe(true);
    expect(slots.take({ address: '192.0.2.1' })).toBeNull();
    a[0]!();
    a[0]!();
    expect(slots.count({ account: 'a' })).toBe(1);
    expect(slots.take({ account: 'a' })).not.toBeNull();
    expect(slots.total()).toBe(6);
  });

  it('count the signed-out of every address together against the process’s limit', () => {
    const slots = new StreamSlots({ account: 2, address: 3, signedOut: 4 });
    const signedOut = [slots.take({ address: '192.0.2.1' }), slots.take({ address: '192.0.2.1' }), slots.take({ address: '192.0.2.2' }), slots.take({ address: '192.0.2.3' })];
    expect(signedOut.every(Boolean)).toBe(true);
    expect(slots.take({ address: '192.0.2.4' })).toBeNull();
    expect(slots.reached({ address: '192.0.2.4' })).toBe('signedOut');
    expect(slots.take({ account: 'a' })).not.toBeNull();
    signedOut[0]!();
    expect(slots.take({ address: '192.0.2.4' })).not.toBeNull();
  });
});
