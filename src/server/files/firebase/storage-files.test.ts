import { getApps, initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { describe, it } from 'vitest';
import { filesContract } from '../files.contract';
import { StorageFiles } from './storage-files';

// The Storage emulator needs Java 21 and downloads its jar: it runs where that is available.
const emulator = process.env.FIREBASE_STORAGE_EMULATOR_HOST;

if (emulator) {
  const app = getApps().find((existing) => existing.name === 'files-contract') ?? initializeApp({ projectId: 'demo-venue', storageBucket: 'demo-venue.appspot.com' }, 'files-contract');
  filesContract(
    `Firebase Storage (emulator at ${emulator})`,
    async () => {
      return new StorageFiles(getStorage(app).bucket());
    },
    async (url) => {
      const response = await fetch(url);
      return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
    },
  );
} else {
  describe('files contract: Firebase Storage', () => {
    // Unlike Firestore, Storage has no stand-in that runs here: only its emulator or a real bucket.
    it.skip('skipped: no Storage stand-in exists; set FIREBASE_STORAGE_EMULATOR_HOST (the Storage emulator, Java 21) and run `npm run test:firebase`', () => {});
  });
}
