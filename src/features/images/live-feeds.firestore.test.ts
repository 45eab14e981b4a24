// The image library's feed keeps the live contract on Firebase: writes through firebase-admin,
// reads with the Firebase JS SDK's onSnapshot and the library's own query, as the page does. With a real Firestore emulator (FIRESTORE_EMULATOR_HOST, Java 21)
// the reads also pass through firestore.rules. Everywhere else it runs against the in-process
// stand-in, which enforces no rules, and the SDK reaches it over gRPC (its Node build): the
// browser's WebChannel transport is proven only by a real emulator or project.
import { afterAll, describe, expect, it } from 'vitest';
import { startFirestoreStandIn, type StandIn } from '@/server/testing/firestore-stand-in';
import { liveContract, type LiveHarness } from '@/features/live/live.contract';
import { testPerson } from '@/features/identity/test-users';
import { Users, type UserDocument } from '@/features/identity/users';
import { imageDocument } from './test-image';
import { libraryFeed } from './client/live-feeds';

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
const standIns: StandIn[] = [];
afterAll(() => standIns.forEach((standIn) => standIn.stop()));
/** Whom the page's SDK reads as: firestore.rules take the role from users/{uid}, not the token. */
const READER = testPerson('admin-1', 'admin');

interface LiveFirestore extends LiveHarness {
  /** users/{uid} as the rules read it. */
  storedUser(uid: string): Promise<UserDocument | undefined>;
}

async function openLive(host: string, viaEnvironment: boolean): Promise<LiveFirestore> {
  const [{ initializeApp: initAdmin, getApps }, { getFirestore: adminFirestore }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/firestore')]);
  const [{ initializeApp }, firestore] = await Promise.all([import('firebase/app'), import('firebase/firestore')]);
  const { connectFirestoreEmulator, getFirestore, onSnapshot } = firestore;
  const { FirestoreDocuments } = await import('@/server/documents/firestore/firestore-documents');
  const { Images } = await import('./images');
  const projectId = `demo-live-${Date.now()}`;
  const admin = getApps().find((app) => app.name === projectId) ?? initAdmin({ projectId }, projectId);
  const adminDb = adminFirestore(admin);
  // FIRESTORE_EMULATOR_HOST points firebase-admin at a real emulator by itself.
  if (!viaEnvironment) adminDb.settings({ host, ssl: false });
  const documents = new FirestoreDocuments(adminDb);
  const client = initializeApp({ projectId, apiKey: 'demo-key' }, projectId);
  const db = getFirestore(client);
  const [hostname, port] = host.split(':');
  connectFirestoreEmulator(db, hostname!, Number(port), { mockUserToken: { user_id: 'admin-1', sub: 'admin-1', role: 'admin' } as never });
  return {
    subscribe(onData, onError) {
      return onSnapshot(libraryFeed.firestore!(firestore, db, {}), (snapshot) => onData(snapshot.docs.map((doc) => doc.id)), onError);
    },
    write: (id, createdAt) => documents.collection(Images).doc(id).set(imageDocument(createdAt)),
    remove: (id) => documents.collection(Images).doc(id).delete(),
    storedUser: async (uid) => (await documents.collection(Users).doc(uid).get()).data,
  };
}

async function openStandIn() {
  const standIn = await startFirestoreStandIn();
  standIns.push(standIn);
  return openLive(standIn.host, false);
}

const open = emulator ? () => openLive(emulator, true) : openStandIn;

describe('the people the image library is read as', () => {
  it(`${READER.uid} is an admin by users/${READER.uid}, the document firestore.rules read the role from`, async () => {
    const live = await open();
    expect(await live.storedUser(READER.uid)).toMatchObject({ role: 'admin', disabled: false, membership: null });
  });
});

if (emulator) {
  liveContract(`Firestore onSnapshot (emulator at ${emulator})`, open);
} else {
  liveContract('Firestore onSnapshot (in-process stand-in, over gRPC, no rules)', open, {
    // FirestoreServiceV1Impl.Listen handles only the first request of a stream (call.once('data')),
    // and v1Listen reports a removal as a RESET that leaves the document out, without a
    // document_remove: the SDK then asks for that document on a second target of the same stream,
    // which is never answered.
    'delivers a removal': 'a listen stream serves only its first target, so removals never arrive',
  });
}
