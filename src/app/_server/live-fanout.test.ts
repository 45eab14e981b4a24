// The shared path of the one live stream (issue 48): a change of a feed that many streams carry (the
// public programme) is read once, serialized once, and written to every stream as the same bytes,
// whatever each browser named the feed; a feed of one viewer (the inbox) still reaches only them.
// With the app, which puts the features' feeds and the live endpoint together.
import { afterEach, describe, expect, it, vi } from 'vitest';
import superjson from 'superjson';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { recordingDocuments } from '@/server/testing/recording-documents';
import type { Identity } from '@/access/identity';
import { changeEventStatus } from '@/features/events/event-admin';
import { openStream, testEvent, testProgramme, type OpenStream, type ReadMessage } from '@/app/_server/test-stream';

const STREAMS = 40;
const ADMIN: Identity = { uid: 'test-admin', email: 'admin@example.org', emailVerified: true, displayName: 'Admin', photoURL: null, role: 'admin' };

const opened: OpenStream[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((stream) => stream.close()));
});

/** The programme's results a stream has read (under whatever key it gave the feed). */
const programmes = (messages: ReadMessage[], key: string) => messages.filter((message) => 'key' in message && message.key === key && 'data' in message);

/** The events of a stream's text that carry a shared result, as written. */
const frames = (text: string) => text.split('\n\n').filter((event) => event.startsWith('data: {"json":{"shared":'));

describe('a change of the public programme with many streams open', () => {
  it('is read and serialized once, and every stream gets the very same bytes whatever its key', async () => {
    // Reads counted one per query or document read (the programme grows by an event a change).
    let reads = 0;
    const documents = recordingDocuments(new SqliteDocuments(':memory:'), () => (reads += 1));
    await testProgramme(documents, 3);
    const publish = async (slug: string) => changeEventStatus(documents, ADMIN, { id: await testEvent(documents, slug), action: 'publish' });

    // One stream first: what a change costs it in reads.
    const alone = await openStream(documents, [{ key: 'programme', feed: 'events.live' }]);
    opened.push(alone);
    await alone.until((messages) => programmes(messages, 'programme').length === 1);
    reads = 0;
    await publish('alone');
    await alone.until((messages) => programmes(messages, 'programme').length === 2);
    const readsAlone = reads;
    await alone.close();

    const streams = await Promise.all(Array.from({ length: STREAMS }, (_, i) => openStream(documents, [{ key: `programme-${i}`, feed: 'events.live' }], { address: `203.0.113.${i}` })));
    opened.push(...streams);
    await Promise.all(streams.map((stream, i) => stream.until((messages) => programmes(messages, `programme-${i}`).length === 1)));
    const serialize = vi.spyOn(superjson, 'serialize');
    reads = 0;
    await publish('many');
    await Promise.all(streams.map((stream, i) => stream.until((messages) => programmes(messages, `programme-${i}`).length === 2)));

    expect(reads).toBe(readsAlone);
    expect(serialize).toHaveBeenCalledTimes(1);
    const written = streams.map((stream) => frames(stream.text()).at(-1));
    expect(written[0]).toContain('many');
    expect(new Set(written).size).toBe(1);
    const data = (stream: OpenStream, i: number) => (programmes(stream.messages, `programme-${i}`).at(-1) as { data: unknown }).data;
    for (const [i, stream] of streams.entries()) expect(data(stream, i)).toEqual(data(streams[0]!, 0));
  });

  it('keeps a viewer’s own feed to them: each inbox is its own frame on its own stream', async () => {
    const documents = new SqliteDocuments(':memory:');
    const person = (uid: string): Identity => ({ uid, email: `${uid}@example.org`, emailVerified: true, displayName: uid, photoURL: null, role: 'user' });
    const [ada, bo] = await Promise.all(['ada', 'bo'].map((uid) => openStream(documents, [{ key: 'inbox', feed: 'inbox.live' }], { identity: person(uid) })));
    opened.push(ada!, bo!);
    await Promise.all([ada!, bo!].map((stream) => stream.until((messages) => programmes(messages, 'inbox').length === 1)));
    // Two watchers, two ids: neither stream is told of the other's.
    const ids = [ada!, bo!].map((stream) => /"shared":("[^"]+")/.exec(frames(stream.text())[0]!)?.[1]);
    expect(ids[0]).toBeDefined();
    expect(ids[0]).not.toBe(ids[1]);
  });
});
