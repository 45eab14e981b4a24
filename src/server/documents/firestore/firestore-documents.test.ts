// The documents contract against the Firestore emulator, wherever one is reachable
// (FIRESTORE_EMULATOR_HOST=127.0.0.1:8080). The emulator needs Java 21 and a download, so on
// machines without it this suite is reported as skipped.
import { describe, it } from 'vitest';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { documentsContract } from '../documents.contract';
import { FirestoreDocuments } from './firestore-documents';

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-venue';

if (emulator) {
  let count = 0;
  documentsContract('Firestore (emulator)', {
    async open() {
      // Every test starts from an empty database.
      await fetch(`http://${emulator}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
      const app = initializeApp({ projectId }, `contract-${++count}`);
      const firestore = getFirestore(app);
      firestore.settings({ ignoreUndefinedProperties: true });
      const documents = new FirestoreDocuments(firestore);
      const close = documents.close.bind(documents);
      documents.close = async () => {
        await close();
        await deleteApp(app);
      };
      return documents;
    },
  });
} else {
  console.info('Firestore contract suite skipped: FIRESTORE_EMULATOR_HOST is not set (the emulator needs Java 21).');
  describe('documents port: Firestore', () => {
    it.skipIf(true)('passes the documents contract (needs FIRESTORE_EMULATOR_HOST; not reachable here)', () => {});
  });
}
