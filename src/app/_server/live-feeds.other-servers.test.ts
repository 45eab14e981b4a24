// Every feed the server computes says how it follows other servers' writes (Firestore behind
// several): each collection its read reads is revealed by a listener it holds, or declared not
// followed with a reason. Each feed is opened here through the browser's stream on a store that
// records what is read and listened to; a new read of another collection fails until its feed's
// declaration (src/features/*/live-feeds.ts) says how that collection's writes reach it.
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Documents } from '@/server/documents/port';
import type { Identity } from '@/access/identity';
import { recordingDocuments } from '@/server/testing/recording-documents';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { addEvent, HOUR } from '@/features/door/test-door';
import { DoorConflicts } from '@/features/door/door-records';
import { saveNotification } from '@/features/notifications/notifications';
import { LIVE_FEEDS } from './live-feeds';
import { openStream, type OpenStream, type TestFeed } from './test-stream';

const NOW = new Date();
const admin = testPerson('admin', 'admin');
const member = testPerson('ada', 'user');
const membership = { id: 'm', validFrom: new Date(NOW.getTime() - 24 * HOUR), validUntil: new Date(NOW.getTime() + 24 * HOUR) };

/** A flag of tonight's door naming `uid` (a member, or a ticket's door key): its name is read. */
function flag(documents: Documents, id: string, uid: string) {
  const door = { device: 'Front door', at: NOW, offline: true };
  return documents.collection(DoorConflicts).doc(id).create({ eventId: 'tonight', uid, kind: 'staleList', first: null, second: { ...door, scannerUid: 'door-1' }, recordedAt: NOW });
}

/** Per server feed: who opens it with what, on a store where its read reaches every collection it can. */
const CASES: Record<string, { identity: Identity; input?: (documents: Documents) => Promise<Record<string, unknown>>; seed?: (documents: Documents) => Promise<void> }> = {
  'pass.night': { identity: member, seed: (documents) => addEvent(documents, 'tonight', NOW) },
  'door.activity': {
    identity: admin,
    seed: async (documents) => {
      await addEvent(documents, 'tonight', NOW);
      await flag(documents, 'flag-member', 'ada');
      await flag(documents, 'flag-ticket', 'ticket:someTicketId01');
    },
    input: async () => ({ eventId: 'tonight' }),
  },
  'inbox.live': { identity: member },
  'notifications.live': {
    identity: admin,
    input: async (documents) => ({
      id: await saveNotification(documents, admin, { id: null, notification: { title: { en: 'Doors at eight', de: 'Einlass um acht' }, body: { en: 'See you.', de: 'Bis dann.' }, link: '', audience: { kind: 'members' }, email: 'optedIn' } }, NOW),
    }),
  },
};

const serverFeeds = LIVE_FEEDS.filter((feed) => feed.via === 'server');
let open: OpenStream | undefined;

afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe("live feeds follow other servers' writes to every collection they read, or say why not", () => {
  it('every feed the server computes has a case here', () => {
    expect(Object.keys(CASES).sort()).toEqual(serverFeeds.map((feed) => feed.procedure).sort());
  });

  it.each(serverFeeds)('$procedure', async (feed) => {
    const store = new SqliteDocuments(':memory:');
    const read = new Set<string>();
    const listened = new Set<string>();
    const documents = recordingDocuments(store, ({ collection }) => read.add(collection), (collection) => listened.add(collection));
    const { identity, seed, input } = CASES[feed.procedure]!;
    await addTestUser(store, admin, {}, NOW);
    await addTestUser(store, member, { membership }, NOW);
    await seed?.(store);
    const asked: TestFeed = { key: 'feed', feed: feed.procedure, ...(input ? { input: await input(store) } : {}) };
    // Only the feed's own reads count: what the seed and the stream's checks read is forgotten.
    read.clear();
    open = await openStream(documents, [asked], { identity });
    await open.until((messages) => messages.some((message) => 'data' in message));

    const { follows, notFollowed = {} } = feed.otherServers;
    expect([...listened].sort(), 'the declaration names each collection the feed listens to').toEqual(Object.keys(follows).sort());
    const accounted = new Set([...Object.values(follows).flatMap(({ reveals }) => reveals), ...Object.keys(notFollowed)]);
    const unaccounted = [...read].filter((collection) => !accounted.has(collection));
    expect(unaccounted, `${feed.procedure} reads these without saying how other servers' writes to them reach it`).toEqual([]);
    // And nothing declared that the read never touches (a declaration outliving its read).
    expect([...accounted].filter((collection) => !read.has(collection)), 'declared but not read').toEqual([]);
  });
});
