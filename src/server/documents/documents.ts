// The one place that chooses the documents adapter, from BACKEND. Everything else imports the
// port (./port) and receives a Documents from here or from its caller.
import 'server-only';
import { join } from 'node:path';
import { getFirestore } from 'firebase-admin/firestore';
import { env } from '@/server/env';
import { adminApp } from '@/server/firebase/admin';
import { SqliteDocuments } from './embedded/sqlite-documents';
import { FirestoreDocuments } from './firestore/firestore-documents';
import type { Documents } from './port';

// Kept on globalThis so development reloads reuse one connection instead of opening more.
const holder = globalThis as typeof globalThis & { __venueDocuments?: Documents };

/**
 * Writes that survive a power cut on the embedded backend, not only a crash (decision 030): what
 * door and bar staff act on (admissions, drinks, the scans that answer them, codes used at the bar).
 * Everything else commits with synchronous = NORMAL.
 */
export const FULL_SYNC_COLLECTIONS = ['checkins', 'drinks', 'scans', 'codeUses'] as const;

export function getDocuments(): Documents {
  if (!holder.__venueDocuments) {
    if (env.BACKEND === 'firebase') {
      const firestore = getFirestore(adminApp());
      firestore.settings({ ignoreUndefinedProperties: true });
      holder.__venueDocuments = new FirestoreDocuments(firestore);
    } else {
      holder.__venueDocuments = new SqliteDocuments(join(env.DATA_DIR, 'documents.sqlite'), { fullSyncCollections: FULL_SYNC_COLLECTIONS });
    }
  }
  return holder.__venueDocuments;
}
