// The documents contract on the Firestore adapter. Where a real Firestore emulator is reachable
// (FIRESTORE_EMULATOR_HOST=127.0.0.1:8080, `npm run test:firebase`) every test runs against it.
// Everywhere else (`npm test`) it runs against the in-process stand-in, a fresh one per test,
// and the tests the stand-in cannot pass are skipped with the name of the gap.
import { afterEach, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { startFirestoreStandIn, type StandIn } from '@/server/testing/firestore-stand-in';
import { documentsContract } from '../documents.contract';
import { FirestoreDocuments } from './firestore-documents';
import { STAND_IN_GAPS } from './stand-in-gaps';

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-venue';
let count = 0;

/** A firebase-admin Firestore on `host`, with a close that also ends its app. */
function adminFirestore(host: string): { firestore: Firestore; close: () => Promise<void> } {
  const app = initializeApp({ projectId }, `contract-${++count}`);
  const firestore = getFirestore(app);
  firestore.settings({ host, ssl: false, ignoreUndefinedProperties: true });
  return { firestore, close: () => deleteApp(app) };
}

function wrap(firestore: Firestore, after: () => Promise<void>): FirestoreDocuments {
  const documents = new FirestoreDocuments(firestore);
  const close = documents.close.bind(documents);
  documents.close = async () => {
    await close();
    await after();
  };
  return documents;
}

if (emulator) {
  documentsContract(`Firestore (emulator at ${emulator})`, {
    async open() {
      // Every test starts from an empty database.
      await fetch(`http://${emulator}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
      const { firestore, close } = adminFirestore(emulator);
      return wrap(firestore, close);
    },
  });
} else {
  console.info(
    `Firestore documents contract on the in-process stand-in; ${Object.keys(STAND_IN_GAPS).length} tests skipped for its gaps:\n` +
      Object.entries(STAND_IN_GAPS)
        .map(([title, gap]) => `  - ${title}: ${gap}`)
        .join('\n'),
  );
  documentsContract('Firestore (in-process stand-in)', {
    gaps: STAND_IN_GAPS,
    async open() {
      const standIn = await startFirestoreStandIn();
      const { firestore, close } = adminFirestore(standIn.host);
      return wrap(firestore, async () => {
        await close();
        standIn.stop();
      });
    },
  });

  // The patch in patches/ (decision 019) is what lets sign-in write its user document: without
  // it the stand-in drops every transform after the first server timestamp of a write.
  describe('Firestore stand-in: the install-time patch', () => {
    let standIn: StandIn | undefined;
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await close?.();
      standIn?.stop();
    });

    it('applies every transform of a write, not only the first', async () => {
      standIn = await startFirestoreStandIn();
      const admin = adminFirestore(standIn.host);
      close = admin.close;
      const ref = admin.firestore.collection('patch_check').doc('a');
      await ref.set({ createdAt: FieldValue.serverTimestamp(), tags: ['x'], lastSignInAt: FieldValue.serverTimestamp() });
      await ref.update({ tags: FieldValue.arrayUnion('y'), seenAt: FieldValue.serverTimestamp() });
      const data = (await ref.get()).data();
      expect(Object.keys(data ?? {}).sort(), 'run `npm install` so that patch-package applies patches/').toEqual(['createdAt', 'lastSignInAt', 'seenAt', 'tags']);
      expect(data!.tags).toEqual(['x', 'y']);
    });
  });
}
