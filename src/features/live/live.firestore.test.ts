// The same contract on Firebase: writes through firebase-admin, reads with the browser SDK's
// onSnapshot under firestore.rules, as the page does. Needs the Firestore emulator (Java 21).
import { describe, it } from 'vitest';
import { liveContract } from './live.contract';
import { imageDocument } from './test-image';

const emulator = process.env.FIRESTORE_EMULATOR_HOST;

if (emulator) {
  liveContract(`Firestore onSnapshot (emulator at ${emulator})`, async () => {
    const [{ initializeApp: initAdmin, getApps }, { getFirestore: adminFirestore }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/firestore')]);
    const [{ initializeApp }, { collection, connectFirestoreEmulator, getFirestore, limit, onSnapshot, orderBy, query }] = await Promise.all([import('firebase/app'), import('firebase/firestore')]);
    const { FirestoreDocuments } = await import('@/server/documents/firestore/firestore-documents');
    const { Images } = await import('@/features/images/images');
    const projectId = `demo-live-${Date.now()}`;
    const admin = getApps().find((app) => app.name === projectId) ?? initAdmin({ projectId }, projectId);
    const documents = new FirestoreDocuments(adminFirestore(admin));
    const client = initializeApp({ projectId, apiKey: 'demo-key' }, projectId);
    const db = getFirestore(client);
    const [host, port] = emulator.split(':');
    connectFirestoreEmulator(db, host!, Number(port), { mockUserToken: { user_id: 'admin-1', sub: 'admin-1', role: 'admin' } as never });
    return {
      subscribe(onData, onError) {
        return onSnapshot(query(collection(db, 'images'), orderBy('createdAt', 'desc'), limit(500)), (snapshot) => onData(snapshot.docs.map((doc) => doc.id)), onError);
      },
      write: (id, createdAt) => documents.collection(Images).doc(id).set(imageDocument(createdAt)),
      remove: (id) => documents.collection(Images).doc(id).delete(),
    };
  });
} else {
  describe('live feed contract: Firestore onSnapshot', () => {
    it.skip('skipped: FIRESTORE_EMULATOR_HOST is not set (the Firestore emulator needs Java 21 and network access to install)', () => {});
  });
}
