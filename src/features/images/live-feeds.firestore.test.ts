// The image library's feed on Firebase, read as the page reads it: the server writes through
// firebase-admin, the library's own query reads with the Firebase JS SDK's onSnapshot, signed in as
// admin-1. firestore.rules take the role from users/{uid}, not from the token, so each person the
// SDK reads as gets that document first, as a first sign-in writes it. What it proves depends on
// where it runs:
// - With a real Firestore emulator (FIRESTORE_EMULATOR_HOST: `npm run test:firebase`, Java 21),
//   every read passes through firebase/firestore.rules, loaded into each test's project: admin-1
//   gets the live contract, and a person whose users/{uid} says `user` is refused though their
//   token claims admin.
// - Anywhere else (this machine and CI: no Java 21), the in-process stand-in, which enforces no
//   rules. It proves the query and the live contract over gRPC (the SDK's Node build) and that the
//   people are written as the rules read them; the refusal is skipped, saying so. No rule is
//   executed there. The browser's WebChannel transport is proven only by a real emulator or project.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startFirestoreStandIn, type StandIn } from '@/server/testing/firestore-stand-in';
import { liveContract, type LiveHarness } from '@/features/live/live.contract';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Users, type UserDocument } from '@/features/identity/users';
import { imageDocument } from './test-image';
import { libraryFeed } from './client/live-feeds';

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
const standIns: StandIn[] = [];
afterAll(() => standIns.forEach((standIn) => standIn.stop()));
/** Whom the page's SDK reads as: firestore.rules take the role from users/{uid}, not the token. */
const READER = testPerson('admin-1', 'admin');
/** Someone the rules must refuse the library: a person without a membership, by users/{uid}. */
const NOT_ADMIN = testPerson('member-1', 'user');

interface LiveFirestore extends LiveHarness {
  /** users/{uid} as the rules read it. */
  storedUser(uid: string): Promise<UserDocument | undefined>;
  /** `subscribe` for another person, signed in with a token that claims `claims`. */
  subscribeAs(uid: string, claims: Record<string, unknown>, ...callbacks: Parameters<LiveHarness['subscribe']>): () => void;
}

/**
 * Puts firebase/firestore.rules into one test's project on a real emulator, as a deploy would.
 * Each test has a project of its own (a fresh database); firebase-tools hands firebase.json's
 * rules to the emulator for the project it started with, and on an emulator started by hand there
 * may be none: without this, a read could pass for want of rules rather than by them.
 */
async function loadRules(host: string, projectId: string) {
  const content = readFileSync(new URL('../../../firebase/firestore.rules', import.meta.url), 'utf8');
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'security.rules', content }] } }),
  });
  const answer = await response.text();
  const errors = response.ok ? ((JSON.parse(answer) as { issues?: { severity: string }[] }).issues ?? []).filter((issue) => issue.severity === 'ERROR') : [];
  if (!response.ok || errors.length > 0) throw new Error(`The emulator did not take firestore.rules: ${response.status} ${answer}`);
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
  else await loadRules(host, projectId);
  const documents = new FirestoreDocuments(adminDb);
  for (const person of [READER, NOT_ADMIN]) await addTestUser(documents, person);
  const [hostname, port] = host.split(':');
  const subscribeAs: LiveFirestore['subscribeAs'] = (uid, claims, onData, onError) => {
    const db = getFirestore(initializeApp({ projectId, apiKey: 'demo-key' }, `${projectId}-${uid}`));
    connectFirestoreEmulator(db, hostname!, Number(port), { mockUserToken: { ...claims, sub: uid, user_id: uid } });
    return onSnapshot(libraryFeed.firestore!(firestore, db, {}), (snapshot) => onData(snapshot.docs.map((doc) => doc.id)), onError);
  };
  return {
    // No role claim: under the rules, the role is the one users/{uid} holds.
    subscribe: (onData, onError) => subscribeAs(READER.uid, {}, onData, onError),
    write: (id, createdAt) => documents.collection(Images).doc(id).set(imageDocument(createdAt)),
    remove: (id) => documents.collection(Images).doc(id).delete(),
    storedUser: async (uid) => (await documents.collection(Users).doc(uid).get()).data,
    subscribeAs,
  };
}

async function openStandIn() {
  const standIn = await startFirestoreStandIn();
  standIns.push(standIn);
  return openLive(standIn.host, false);
}

const open = emulator ? () => openLive(emulator, true) : openStandIn;
const REFUSAL = `firestore.rules refuse the library to ${NOT_ADMIN.uid}, whose users/{uid} says user, though the token claims admin`;

describe('the people the image library is read as', () => {
  it(`${READER.uid} is an admin and ${NOT_ADMIN.uid} a person without a membership, by the users/{uid} firestore.rules read the role from`, async () => {
    const live = await open();
    expect(await live.storedUser(READER.uid)).toMatchObject({ role: 'admin', disabled: false, membership: null });
    expect(await live.storedUser(NOT_ADMIN.uid)).toMatchObject({ role: 'user', disabled: false, membership: null });
  });

  (emulator ? it : it.skip)(emulator ? REFUSAL : `${REFUSAL} (skipped: the stand-in enforces no rules; a real emulator runs it, FIRESTORE_EMULATOR_HOST or npm run test:firebase)`, async () => {
    const live = await open();
    await live.write('older', new Date('2026-01-01T00:00:00Z'));
    let stop = () => {};
    const answer = await new Promise<unknown>((done) => {
      stop = live.subscribeAs(NOT_ADMIN.uid, { role: 'admin' }, (ids) => done({ delivered: ids }), done);
    });
    stop();
    expect(answer).toMatchObject({ code: 'permission-denied' });
  });
});

if (emulator) {
  liveContract(`Firestore onSnapshot under firestore.rules (emulator at ${emulator})`, open);
} else {
  liveContract('Firestore onSnapshot (in-process stand-in, over gRPC, no rules)', open, {
    // FirestoreServiceV1Impl.Listen handles only the first request of a stream (call.once('data')),
    // and v1Listen reports a removal as a RESET that leaves the document out, without a
    // document_remove: the SDK then asks for that document on a second target of the same stream,
    // which is never answered.
    'delivers a removal': 'a listen stream serves only its first target, so removals never arrive',
  });
}
