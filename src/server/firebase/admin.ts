// The firebase-admin app of the Firebase backend, created once per server process.
import 'server-only';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { env } from '@/server/env';

const APP_NAME = 'venue';

export function adminApp(): App {
  const existing = getApps().find((app) => app.name === APP_NAME);
  if (existing) return existing;
  // Credentials: Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS or the
  // platform's service account); emulators are used when their *_EMULATOR_HOST is set.
  return initializeApp({ projectId: env.FIREBASE_PROJECT_ID }, APP_NAME);
}

/** Firebase Auth: the emulator in embedded mode (FIREBASE_AUTH_EMULATOR_HOST), Google's otherwise. */
export function adminAuth(): Auth {
  return getAuth(adminApp());
}
