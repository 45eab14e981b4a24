// The one place that chooses the files adapter, from BACKEND.
import 'server-only';
import { join } from 'node:path';
import { getStorage } from 'firebase-admin/storage';
import { env } from '@/server/env';
import { adminApp } from '@/server/firebase/admin';
import { DiskFiles } from './embedded/disk-files';
import { StorageFiles } from './firebase/storage-files';
import { FilesError, type Files } from './port';
import { storageUnavailableReason } from './storage-availability';

const holder = globalThis as typeof globalThis & { __venueFiles?: Files };

export function getFiles(): Files {
  holder.__venueFiles ??= createFiles();
  return holder.__venueFiles;
}

function createFiles(): Files {
  if (env.BACKEND === 'embedded') return new DiskFiles(join(env.DATA_DIR, 'files'), env.SITE_URL);
  const unavailable = storageUnavailableReason(env);
  if (unavailable) return new UnavailableFiles(unavailable);
  return new StorageFiles(getStorage(adminApp()).bucket(env.FIREBASE_STORAGE_BUCKET));
}

/** The one line the server prints at start about where files live (instrumentation-node.ts). */
export function filesStartupLine(): string {
  const unavailable = storageUnavailableReason(env);
  if (unavailable) return `Files: no Cloud Storage (${unavailable}); uploads and pictures are off, everything else works.`;
  return env.BACKEND === 'firebase' ? `Files: Cloud Storage bucket ${env.FIREBASE_STORAGE_BUCKET}.` : `Files: on disk in ${join(env.DATA_DIR, 'files')}.`;
}

/** Firebase mode without Storage: every file operation fails with one clear reason. */
export class UnavailableFiles implements Files {
  readonly bucket = '';
  constructor(private readonly reason: string) {}
  private refuse(): never {
    throw new FilesError('unavailable', `No file storage: ${this.reason}.`);
  }
  put(): never {
    return this.refuse();
  }
  metadata(): never {
    return this.refuse();
  }
  downloadUrl(): never {
    return this.refuse();
  }
  read(): never {
    return this.refuse();
  }
  delete(): never {
    return this.refuse();
  }
  deleteFolder(): never {
    return this.refuse();
  }
  setCustomMetadata(): never {
    return this.refuse();
  }
}

/** The embedded adapter, for the route that serves its download URLs; null in Firebase mode. */
export function embeddedFiles(): DiskFiles | null {
  const files = getFiles();
  return files instanceof DiskFiles ? files : null;
}
