// The one place that chooses the files adapter, from BACKEND.
import 'server-only';
import { join } from 'node:path';
import { getStorage } from 'firebase-admin/storage';
import { env } from '@/server/env';
import { adminApp } from '@/server/firebase/admin';
import { DiskFiles } from './embedded/disk-files';
import { StorageFiles } from './firebase/storage-files';
import type { Files } from './port';

const holder = globalThis as typeof globalThis & { __venueFiles?: Files };

export function getFiles(): Files {
  holder.__venueFiles ??=
    env.BACKEND === 'firebase'
      ? new StorageFiles(getStorage(adminApp()).bucket(env.FIREBASE_STORAGE_BUCKET))
      : new DiskFiles(join(env.DATA_DIR, 'files'), env.SITE_URL);
  return holder.__venueFiles;
}

/** The embedded adapter, for the route that serves its download URLs; null in Firebase mode. */
export function embeddedFiles(): DiskFiles | null {
  const files = getFiles();
  return files instanceof DiskFiles ? files : null;
}
