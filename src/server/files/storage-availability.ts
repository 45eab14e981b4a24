// Whether the Firebase backend has Cloud Storage to keep files in. Without it the site still
// works (events, accounts, sign-in); only uploads and pictures are off, and it says so once.
import type { Env } from '@/server/env';

/** Why Firebase mode has no Storage here, in one sentence; null when it has. */
export function storageUnavailableReason(source: Env, emulatorHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST): string | null {
  if (source.BACKEND !== 'firebase') return null;
  if (!source.FIREBASE_STORAGE_BUCKET) return 'FIREBASE_STORAGE_BUCKET is not set';
  // 'demo-' projects never reach Google's servers: their Storage is the emulator or nothing.
  if (source.FIREBASE_PROJECT_ID.startsWith('demo-') && !emulatorHost) {
    return `the demo project ${source.FIREBASE_PROJECT_ID} has Storage only through its emulator, and FIREBASE_STORAGE_EMULATOR_HOST is not set`;
  }
  return null;
}
